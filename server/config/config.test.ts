import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const S3_ENV = {
  PHOTO_STORE: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:17480',
  S3_REGION: 'us-east-1',
  S3_BUCKET: 'tightlines-photos',
  S3_ACCESS_KEY_ID: 'AKID',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
};

/** The message loadConfig stops the server with. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig: the photo store', () => {
  it('keeps photos on disk under DATA_DIR/photos by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/tightlines' }).photoStore).toEqual({
      kind: 'disk',
      dir: path.resolve('/srv/tightlines/photos'),
    });
  });

  it('PHOTO_STORE=s3 takes the S3_* settings', () => {
    expect(loadConfig(S3_ENV).photoStore).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:17480',
        region: 'us-east-1',
        bucket: 'tightlines-photos',
        accessKeyId: 'AKID',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
  });

  it('S3_ENDPOINT may stay unset (AWS S3 itself), and path-style addressing is off unless asked for', () => {
    const { S3_ENDPOINT: _endpoint, S3_FORCE_PATH_STYLE: _pathStyle, ...aws } = S3_ENV;
    const config = loadConfig(aws).photoStore;
    expect(config.kind === 's3' && config.s3.endpoint).toBeUndefined();
    expect(config.kind === 's3' && config.s3.forcePathStyle).toBe(false);
  });

  it('PHOTO_STORE=s3 without its settings stops the server naming each missing one', () => {
    const message = refusal({ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_SECRET_ACCESS_KEY: '' });
    expect(message).toBe(
      'Invalid configuration:\n' +
        '  S3_REGION: required when PHOTO_STORE=s3\n' +
        '  S3_ACCESS_KEY_ID: required when PHOTO_STORE=s3\n' +
        '  S3_SECRET_ACCESS_KEY: required when PHOTO_STORE=s3',
    );
  });

  it('refuses a store it does not know, an endpoint that is no URL and a path style that is no boolean', () => {
    expect(refusal({ PHOTO_STORE: 'gcs' })).toContain("PHOTO_STORE: must be 'disk' or 's3'");
    expect(refusal({ ...S3_ENV, S3_ENDPOINT: '127.0.0.1:17480' })).toContain(
      'S3_ENDPOINT: must be an http:// or https:// URL',
    );
    expect(refusal({ ...S3_ENV, S3_ENDPOINT: 'ftp://store.example' })).toContain('S3_ENDPOINT');
    expect(refusal({ ...S3_ENV, S3_FORCE_PATH_STYLE: 'sometimes' })).toContain('S3_FORCE_PATH_STYLE');
  });

  it('refuses S3 settings while photos would still go to the local disk', () => {
    const { PHOTO_STORE: _s3, ...withoutStore } = S3_ENV;
    const message = refusal({ ...withoutStore, S3_FORCE_PATH_STYLE: undefined, S3_REGION: undefined });
    expect(message).toContain(
      "S3_BUCKET: is set but PHOTO_STORE is 'disk': set PHOTO_STORE=s3 to keep photos in S3, or unset it",
    );
    expect(message).toContain('S3_ENDPOINT: is set');
    expect(message).not.toContain('S3_REGION');
  });
});

describe('loadConfig: the deep-link association files', () => {
  const FINGERPRINT = 'AB:'.repeat(31).concat('CD');

  it('are off (404) unless configured', () => {
    expect(loadConfig({}).appLinks).toEqual({
      android: null,
      apple: null,
      storeListings: { appStore: null, googlePlay: null },
    });
  });

  it('take the Android package with its fingerprints, and Apple’s team and bundle id', () => {
    const env = {
      ANDROID_PACKAGE: 'app.tightlines',
      ANDROID_CERT_SHA256: `${FINGERPRINT},${FINGERPRINT.toLowerCase().replace('ab', '01')}`,
      APPLE_TEAM_ID: 'ABCDE12345',
      APPLE_BUNDLE_ID: 'app.tightlines',
    };
    expect(loadConfig(env).appLinks).toEqual({
      android: { packageName: 'app.tightlines', certSha256: [FINGERPRINT, `01${FINGERPRINT.slice(2)}`] },
      apple: { appId: 'ABCDE12345.app.tightlines' },
      storeListings: { appStore: null, googlePlay: null },
    });
  });

  it('take the store listings /download points at', () => {
    const env = {
      APP_STORE_URL: 'https://apps.apple.com/app/tightlines/id1234567890',
      GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=org.club.tightlines',
    };
    expect(loadConfig(env).appLinks.storeListings).toEqual({
      appStore: 'https://apps.apple.com/app/tightlines/id1234567890',
      googlePlay: 'https://play.google.com/store/apps/details?id=org.club.tightlines',
    });
  });

  it('refuses a store listing that is not https on the store’s own host', () => {
    const message = refusal({
      APP_STORE_URL: 'http://apps.apple.com/app/tightlines/id1',
      GOOGLE_PLAY_URL: 'https://play.google.com.example.org/store/apps/details?id=x',
    });
    expect(message).toContain('APP_STORE_URL: must be an https://apps.apple.com/… address');
    expect(message).toContain('GOOGLE_PLAY_URL: must be an https://play.google.com/… address');
    expect(refusal({ APP_STORE_URL: 'apps.apple.com/app/x' })).toContain('APP_STORE_URL');
  });

  it('refuses half a pair, naming the missing setting', () => {
    expect(refusal({ ANDROID_PACKAGE: 'app.tightlines' })).toContain(
      'ANDROID_CERT_SHA256: required when ANDROID_PACKAGE is set',
    );
    expect(refusal({ APPLE_BUNDLE_ID: 'app.tightlines' })).toContain(
      'APPLE_TEAM_ID: required when APPLE_BUNDLE_ID is set',
    );
  });

  it('refuses values the phones would never match', () => {
    const message = refusal({
      ANDROID_PACKAGE: 'tightlines',
      ANDROID_CERT_SHA256: `${FINGERPRINT},SHA256:abc`,
      APPLE_TEAM_ID: 'teamid',
      APPLE_BUNDLE_ID: 'app tightlines',
    });
    expect(message).toContain('ANDROID_PACKAGE: must be an Android package name');
    expect(message).toContain('ANDROID_CERT_SHA256');
    expect(message).toContain('must be SHA-256 fingerprints');
    expect(message).toContain('APPLE_TEAM_ID: must be the 10-character Apple Developer Team ID');
    expect(message).toContain('APPLE_BUNDLE_ID: must be a bundle id');
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    for (const setting of [undefined, '', 'false', '0'])
      expect(loadConfig({ TRUST_PROXY: setting }).trustProxy).toBe(false);
  });

  it('takes a hop count, or the balancers’ addresses, CIDR ranges and proxy-addr’s range names', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which believed any client’s X-Forwarded-For, saying what to set instead', () => {
    expect(refusal({ TRUST_PROXY: 'true' })).toContain(
      "TRUST_PROXY: 'true' would believe any client's X-Forwarded-For; give the balancer's addresses or CIDRs",
    );
  });

  it('refuses what is no address or range, and a range of every address', () => {
    const message = refusal({ TRUST_PROXY: '10.0.0.5,nginx,10.0.0.0/33,0.0.0.0/0,::/0' });
    expect(message).toContain(
      "TRUST_PROXY: 'nginx', '10.0.0.0/33', '0.0.0.0/0', '::/0' is not an IP address",
    );
    expect(refusal({ TRUST_PROXY: '11' })).toContain('TRUST_PROXY: a hop count must be between 0 and 10');
  });
});

describe('loadConfig: the PostgreSQL pool', () => {
  const URL = 'postgres://tightlines@db.internal:5432/tightlines';

  it('has defaults: 10 connections, 5 s to get one, 30 s per statement', () => {
    expect(loadConfig({ DATABASE_URL: URL }).database).toEqual({
      engine: 'postgres',
      url: URL,
      maxConnections: 10,
      poolTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
    });
  });

  it('takes DATABASE_POOL_MAX, DATABASE_POOL_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS (0 = no limit)', () => {
    const env = {
      DATABASE_URL: URL,
      DATABASE_POOL_MAX: '25',
      DATABASE_POOL_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
    };
    expect(loadConfig(env).database).toMatchObject({
      maxConnections: 25,
      poolTimeoutMs: 1500,
      statementTimeoutMs: 0,
    });
  });

  it('refuses values that are no sane pool, and pool settings for SQLite', () => {
    const message = refusal({
      DATABASE_URL: URL,
      DATABASE_POOL_MAX: '0',
      DATABASE_POOL_TIMEOUT_MS: 'soon',
      DATABASE_STATEMENT_TIMEOUT_MS: '-1',
    });
    expect(message).toContain('DATABASE_POOL_MAX');
    expect(message).toContain('DATABASE_POOL_TIMEOUT_MS');
    expect(message).toContain('DATABASE_STATEMENT_TIMEOUT_MS');
    expect(refusal({ DATABASE_POOL_MAX: '20' })).toContain(
      'DATABASE_POOL_MAX: is set but DATABASE_URL is not: it configures the PostgreSQL pool (SQLite has none)',
    );
  });
});
describe('loadConfig: the global limit store', () => {
  it('counts in the process unless REDIS_URL is set', () => {
    expect(loadConfig({}).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2' }).redis).toEqual({
      url: 'redis://10.0.0.5:6379/2',
      keyPrefix: 'tightlines:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://cache.example:6380', REDIS_KEY_PREFIX: 'club-a:' }).redis,
    ).toEqual({
      url: 'rediss://cache.example:6380',
      keyPrefix: 'club-a:',
    });
  });

  it('refuses a REDIS_URL that is not a redis:// URL', () => {
    expect(refusal({ REDIS_URL: '127.0.0.1:6379' })).toContain(
      'REDIS_URL: must be a redis:// or rediss:// URL',
    );
  });
});

describe('loadConfig: worker processes', () => {
  const POSTGRES = 'postgres://postgres@127.0.0.1:5432/tightlines';

  it('runs in one process unless WEB_CONCURRENCY says more', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(
      loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: POSTGRES, REDIS_URL: 'redis://127.0.0.1:6379' })
        .webConcurrency,
    ).toBe(4);
    expect(
      loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: POSTGRES, RATE_LIMIT_GLOBAL_PER_MINUTE: '0' })
        .webConcurrency,
    ).toBe(2);
  });

  it('refuses several workers on SQLite, and a global limit each worker would count on its own', () => {
    expect(refusal({ WEB_CONCURRENCY: '2', RATE_LIMIT_GLOBAL_PER_MINUTE: '0' })).toContain(
      'WEB_CONCURRENCY: more than one worker needs PostgreSQL (DATABASE_URL)',
    );
    expect(refusal({ WEB_CONCURRENCY: '2', DATABASE_URL: POSTGRES })).toContain(
      'WEB_CONCURRENCY: more than one worker needs REDIS_URL for the global limit',
    );
    expect(refusal({ WEB_CONCURRENCY: '0' })).toContain('WEB_CONCURRENCY');
  });
});

describe('loadConfig: map tiles', () => {
  it("uses OpenStreetMap's tiles with their attribution by default, a 64 MB cache and our own User-Agent", () => {
    const { mapTiles } = loadConfig({});
    expect(mapTiles.source).toMatchObject({
      urlTemplate: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
      userAgent: expect.stringMatching(/^Tightlines\/\d/),
    });
    expect(mapTiles.cacheBytes).toBe(64 * 1024 * 1024);
    expect(mapTiles.fetchesPerUserPerMinute).toBe(300);
  });

  it('takes another provider with its attribution, zoom limit, User-Agent and cache size', () => {
    const { mapTiles } = loadConfig({
      MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}/{y}.png?key=k',
      MAP_TILE_ATTRIBUTION: '© Example Maps',
      MAP_TILE_MAX_ZOOM: '17',
      MAP_TILE_USER_AGENT: 'Tightlines/1.0 (ops@example.org)',
      MAP_TILE_CACHE_MB: '8',
      MAP_TILE_FETCHES_PER_USER_PER_MINUTE: '60',
    });
    expect(mapTiles.source).toMatchObject({
      urlTemplate: 'https://tiles.example.net/{z}/{x}/{y}.png?key=k',
      attribution: '© Example Maps',
      maxZoom: 17,
      userAgent: 'Tightlines/1.0 (ops@example.org)',
    });
    expect(mapTiles.cacheBytes).toBe(8 * 1024 * 1024);
    expect(mapTiles.fetchesPerUserPerMinute).toBe(60);
  });

  it('refuses a template without {z}/{x}/{y}, a non-http URL, and an unknown provider without attribution', () => {
    expect(refusal({ MAP_TILE_URL: 'https://tiles.example.net/tile.png' })).toContain(
      'MAP_TILE_URL: must contain {z}, {x} and {y}',
    );
    expect(refusal({ MAP_TILE_URL: 'ftp://tiles.example.net/{z}/{x}/{y}.png' })).toContain(
      'MAP_TILE_URL: must be an http:// or https:// URL',
    );
    expect(refusal({ MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}/{y}.png' })).toContain(
      "MAP_TILE_ATTRIBUTION: required for this MAP_TILE_URL: the text the provider's licence asks maps to show",
    );
  });
});

describe('loadConfig: metrics and shutdown', () => {
  it('METRICS_TOKEN turns GET /api/metrics on; unset or empty it is off; a short or spaced one is refused', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a1b2c3d4e5f6a7b8c9d0' }).metricsToken).toBe('a1b2c3d4e5f6a7b8c9d0');
    for (const token of ['secret', 'sixteen chars ok!']) {
      expect(refusal({ METRICS_TOKEN: token })).toBe(
        'Invalid configuration:\n  METRICS_TOKEN: must be 16 to 256 visible characters, no spaces (e.g. openssl rand -hex 24)',
      );
    }
  });

  it('SHUTDOWN_DRAIN_SECONDS: 5 by default, 0 allowed, a negative or fractional one refused', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainMs).toBe(0);
    expect(refusal({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toContain('SHUTDOWN_DRAIN_SECONDS');
    expect(refusal({ SHUTDOWN_DRAIN_SECONDS: '2.5' })).toContain('SHUTDOWN_DRAIN_SECONDS');
  });
});
