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
