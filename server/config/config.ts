import path from 'node:path';
import { z } from 'zod';
import { type DatabaseLocation, POSTGRES_POOL_DEFAULTS } from '../db/database.ts';
import type { AppLinks } from '../http/app-links.ts';
import {
  type AccountLimits,
  DEFAULT_ACCOUNT_LIMITS,
  DEFAULT_IMPORTS_AT_ONCE,
  DEFAULT_TILE_USER_AGENT,
  type S3Settings,
  type TileSourceSettings,
} from './settings.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

/**
 * Every setting comes from the environment and is checked once, at start-up: a bad value stops the server
 * with a message naming the variable. `.env.example` lists them all.
 */
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** An optional setting: unset and empty (`S3_ENDPOINT=` in a .env file) both mean "not given". */
const optionalText = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/** An https address on the store's own host (a typo'd or http listing would send anglers somewhere else). */
function storeListing(host: string) {
  const isListing = (value: string) =>
    URL.canParse(value) && new URL(value).protocol === 'https:' && new URL(value).hostname === host;
  return optionalText.pipe(z.string().refine(isListing, `must be an https://${host}/… address`).optional());
}

/** What PHOTO_STORE=s3 needs; S3_ENDPOINT may stay unset for AWS S3 itself. */
const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_VARIABLES = ['S3_ENDPOINT', ...S3_REQUIRED, 'S3_FORCE_PATH_STYLE'] as const;

const POSTGRES_POOL_VARIABLES = [
  'DATABASE_POOL_MAX',
  'DATABASE_POOL_TIMEOUT_MS',
  'DATABASE_STATEMENT_TIMEOUT_MS',
] as const;

/** Settings that only mean something together: one without the other is a mistake, not half a feature. */
const APP_LINK_PAIRS = [
  ['ANDROID_PACKAGE', 'ANDROID_CERT_SHA256'],
  ['APPLE_TEAM_ID', 'APPLE_BUNDLE_ID'],
] as const;
/** A SHA-256 fingerprint as `keytool -list -v` prints it: 32 bytes in hex, colon-separated. */
const SHA256_FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

/** The default map tiles: OpenStreetMap's own (docs/decisions/016-map-tiles.md). */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The attribution each known provider's licence asks for; any other provider needs MAP_TILE_ATTRIBUTION. */
const PROVIDER_ATTRIBUTIONS: Record<string, string> = {
  'tile.openstreetmap.org': '© OpenStreetMap contributors',
  'tile.openstreetmap.de': '© OpenStreetMap contributors',
  'tile.opentopomap.org': 'Map data © OpenStreetMap contributors, SRTM · Map style © OpenTopoMap (CC-BY-SA)',
};
const TILE_TIMEOUT_MS = 8000;

function providerAttribution(urlTemplate: string): string | undefined {
  return PROVIDER_ATTRIBUTIONS[new URL(urlTemplate.replace(/[{}]/g, '')).hostname.replace(/^[a-c]\./, '')];
}

const tileUrlTemplate = z
  .string()
  .refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    'must be an http:// or https:// URL',
  )
  .refine(
    (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
    'must contain {z}, {x} and {y} (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png)',
  );

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
    /** The PostgreSQL pool (defaults: POSTGRES_POOL_DEFAULTS); only with DATABASE_URL. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).optional(),
    DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).optional(),
    /** 0 turns it off. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
    WEATHER_API_URL: z.url().default('https://api.open-meteo.com'),
    /** Open-Meteo's historical weather API: the weather of catches older than the forecast API keeps. */
    WEATHER_ARCHIVE_API_URL: z.url().default('https://archive-api.open-meteo.com'),
    /** Map tiles, fetched by the server for the signed-in apps (GET /api/tiles/{z}/{x}/{y}). */
    MAP_TILE_URL: tileUrlTemplate.default(DEFAULT_TILE_URL),
    /** Shown on every map; known providers have a default, any other one must set it. */
    MAP_TILE_ATTRIBUTION: optionalText,
    MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(19),
    /** How this server introduces itself to the tile provider; put a contact address in it. */
    MAP_TILE_USER_AGENT: optionalText,
    /** Memory for the server's tile cache, per instance. */
    MAP_TILE_CACHE_MB: positiveInt(64),
    /** Tiles one account may make the server fetch from the provider per minute (kept tiles do not count). */
    MAP_TILE_FETCHES_PER_USER_PER_MINUTE: positiveInt(300),
    PHOTO_STORE: z.enum(['disk', 's3'], { error: "must be 'disk' or 's3'" }).default('disk'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    S3_REGION: optionalText,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Self-hosted stores (radosgw, MinIO) usually need path-style URLs: endpoint/bucket/key. */
    S3_FORCE_PATH_STYLE: z.stringbool().optional(),
    /** Redis for the global per-IP limit's counters, shared by every instance; unset: counted in each process. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL (leave it unset to count in the process)')
      .optional(),
    REDIS_KEY_PREFIX: z.string().min(1).default('tightlines:'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The bearer token of GET /api/metrics; unset: no metrics endpoint. A guessable one would publish the figures. */
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(
          /^[\x21-\x7e]{16,256}$/,
          'must be 16 to 256 visible characters, no spaces (e.g. openssl rand -hex 24)',
        )
        .optional(),
    ),
    /** The balancer(s) in front of the server, whose X-Forwarded-For gives the client IP (rate limits). */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((text, context) => {
        const parsed = parseTrustProxy(text);
        if ('value' in parsed) return parsed.value;
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }),
    RATE_LIMIT_LOGIN_PER_USERNAME: positiveInt(10),
    RATE_LIMIT_LOGIN_PER_IP: positiveInt(100),
    RATE_LIMIT_REGISTER_PER_IP: positiveInt(30),
    RATE_LIMIT_UPLOADS_PER_USER: positiveInt(60),
    /** Requests per minute per IP across the whole API; 0 turns it off (benchmarks). */
    RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
    /** Photo storage per account (the re-encoded WebP and its thumbnail), in megabytes. */
    PHOTO_QUOTA_MB: positiveInt(1024),
    IMPORTS_AT_ONCE: positiveInt(DEFAULT_IMPORTS_AT_ONCE),
    /** Worker processes on this host (node:cluster); 1 runs the server in this process, as before. */
    WEB_CONCURRENCY: positiveInt(1),
    /**
     * How long SIGTERM keeps serving with readiness failing and connections closing after each answer, before the
     * listener closes: longer than the balancer takes to notice (deploy/haproxy.cfg checks every 2 s). 0: at once.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    /** How long SIGTERM then waits for running requests before it closes their connections. */
    SHUTDOWN_GRACE_SECONDS: positiveInt(10),
    /** Weather readings one user may cause the provider to make per hour (cached cells are free). */
    RATE_LIMIT_WEATHER_PER_USER: positiveInt(60),
    /** Provider calls the whole server may make: well under Open-Meteo's free 600 a minute and 10,000 a day. */
    WEATHER_UPSTREAM_PER_MINUTE: positiveInt(300),
    WEATHER_UPSTREAM_PER_DAY: positiveInt(5000),
    /** What one account may keep: catches, and megabytes of free text (notes, places, names) over all of them. */
    CATCHES_PER_ACCOUNT: positiveInt(DEFAULT_ACCOUNT_LIMITS.catches),
    CATCH_TEXT_MB_PER_ACCOUNT: positiveInt(DEFAULT_ACCOUNT_LIMITS.textBytes / 1024 / 1024),
    /** Deep-link association files (/.well-known/): unset, each answers 404. */
    ANDROID_PACKAGE: optionalText.pipe(
      z
        .string()
        .regex(/^[a-zA-Z]\w*(\.[a-zA-Z]\w*)+$/, 'must be an Android package name like app.tightlines')
        .optional(),
    ),
    ANDROID_CERT_SHA256: optionalText.pipe(
      z
        .string()
        .transform((list) => list.split(',').map((fingerprint) => fingerprint.trim().toUpperCase()))
        .pipe(
          z.array(
            z
              .string()
              .regex(SHA256_FINGERPRINT, 'must be SHA-256 fingerprints (AB:CD:…, 32 bytes), comma-separated'),
          ),
        )
        .optional(),
    ),
    APPLE_TEAM_ID: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple Developer Team ID')
        .optional(),
    ),
    APPLE_BUNDLE_ID: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'must be a bundle id like app.tightlines')
        .optional(),
    ),
    /** The native apps' store listings, for /download's buttons: unset, the buttons say the app is not there yet. */
    APP_STORE_URL: storeListing('apps.apple.com'),
    GOOGLE_PLAY_URL: storeListing('play.google.com'),
  })
  .superRefine((values, context) => {
    if (!values.MAP_TILE_ATTRIBUTION && !providerAttribution(values.MAP_TILE_URL)) {
      context.addIssue({
        code: 'custom',
        path: ['MAP_TILE_ATTRIBUTION'],
        message: "required for this MAP_TILE_URL: the text the provider's licence asks maps to show",
      });
    }
    // Pool settings without DATABASE_URL would be silently ignored by SQLite: say so instead.
    if (!values.DATABASE_URL) {
      for (const name of POSTGRES_POOL_VARIABLES) {
        if (values[name] !== undefined) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: 'is set but DATABASE_URL is not: it configures the PostgreSQL pool (SQLite has none)',
          });
        }
      }
    }
    for (const [first, second] of APP_LINK_PAIRS) {
      if (Boolean(values[first]) === Boolean(values[second])) continue;
      const [missing, given] = values[first] ? [second, first] : [first, second];
      context.addIssue({ code: 'custom', path: [missing], message: `required when ${given} is set` });
    }
    if (values.WEB_CONCURRENCY > 1) {
      // SQLite has one writer: worker processes would block each other's writes (node:sqlite waits synchronously).
      if (!values.DATABASE_URL) {
        context.addIssue({
          code: 'custom',
          path: ['WEB_CONCURRENCY'],
          message: 'more than one worker needs PostgreSQL (DATABASE_URL): SQLite serves one process',
        });
      }
      // Counted in each worker, the global limit would be multiplied by the number of workers.
      if (values.RATE_LIMIT_GLOBAL_PER_MINUTE > 0 && !values.REDIS_URL) {
        context.addIssue({
          code: 'custom',
          path: ['WEB_CONCURRENCY'],
          message:
            'more than one worker needs REDIS_URL for the global limit (or RATE_LIMIT_GLOBAL_PER_MINUTE=0): each worker would count on its own',
        });
      }
    }
    if (values.PHOTO_STORE === 's3') {
      for (const name of S3_REQUIRED) {
        if (!values[name])
          context.addIssue({ code: 'custom', path: [name], message: 'required when PHOTO_STORE=s3' });
      }
      return;
    }
    // S3 settings without PHOTO_STORE=s3 would put photos on this host's disk, where the other instances the
    // operator meant to share a bucket with cannot see them.
    for (const name of S3_VARIABLES) {
      if (values[name] !== undefined) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `is set but PHOTO_STORE is '${values.PHOTO_STORE}': set PHOTO_STORE=s3 to keep photos in S3, or unset it`,
        });
      }
    }
  });

export interface RateLimits {
  loginFailuresPerUsername: number;
  loginFailuresPerIp: number;
  registrationsPerIp: number;
  uploadsPerUser: number;
  globalPerMinute: number;
  weatherLookupsPerUserPerHour: number;
  weatherUpstreamPerMinute: number;
  weatherUpstreamPerDay: number;
}

/** A PostgreSQL database as the server opens it: every pool setting decided. */
type PostgresSettings = Required<
  Pick<
    Extract<DatabaseLocation, { engine: 'postgres' }>,
    'engine' | 'url' | 'maxConnections' | 'poolTimeoutMs' | 'statementTimeoutMs'
  >
>;

export type PhotoStoreConfig = { kind: 'disk'; dir: string } | { kind: 's3'; s3: S3Settings };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: Extract<DatabaseLocation, { engine: 'sqlite' }> | PostgresSettings;
  photoStore: PhotoStoreConfig;
  weatherApiUrl: string;
  weatherArchiveApiUrl: string;
  mapTiles: { source: TileSourceSettings; cacheBytes: number; fetchesPerUserPerMinute: number };
  logLevel: string;
  /** GET /api/metrics's bearer token, or null for no metrics endpoint. */
  metricsToken: string | null;
  trustProxy: TrustProxy;
  /** The shared store of the global per-IP limit, or null to count in the process. */
  redis: { url: string; keyPrefix: string } | null;
  rateLimits: RateLimits;
  photoQuotaBytes: number;
  /** Imports one server process runs at once (each account one at a time). */
  importsAtOnce: number;
  /** Worker processes (node:cluster) when more than 1. */
  webConcurrency: number;
  shutdownDrainMs: number;
  shutdownGraceMs: number;
  accountLimits: AccountLimits;
  appLinks: AppLinks;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database: values.DATABASE_URL
      ? {
          engine: 'postgres',
          url: values.DATABASE_URL,
          maxConnections: values.DATABASE_POOL_MAX ?? POSTGRES_POOL_DEFAULTS.maxConnections,
          poolTimeoutMs: values.DATABASE_POOL_TIMEOUT_MS ?? POSTGRES_POOL_DEFAULTS.poolTimeoutMs,
          statementTimeoutMs:
            values.DATABASE_STATEMENT_TIMEOUT_MS ?? POSTGRES_POOL_DEFAULTS.statementTimeoutMs,
        }
      : { engine: 'sqlite', file: path.join(dataDir, 'tightlines.db') },
    photoStore:
      values.PHOTO_STORE === 's3'
        ? {
            kind: 's3',
            s3: {
              endpoint: values.S3_ENDPOINT,
              // superRefine made sure these are there.
              region: values.S3_REGION as string,
              bucket: values.S3_BUCKET as string,
              accessKeyId: values.S3_ACCESS_KEY_ID as string,
              secretAccessKey: values.S3_SECRET_ACCESS_KEY as string,
              forcePathStyle: values.S3_FORCE_PATH_STYLE ?? false,
            },
          }
        : { kind: 'disk', dir: path.join(dataDir, 'photos') },
    weatherApiUrl: values.WEATHER_API_URL,
    weatherArchiveApiUrl: values.WEATHER_ARCHIVE_API_URL,
    mapTiles: {
      source: {
        urlTemplate: values.MAP_TILE_URL,
        // superRefine made sure one of them is there.
        attribution: values.MAP_TILE_ATTRIBUTION ?? (providerAttribution(values.MAP_TILE_URL) as string),
        maxZoom: values.MAP_TILE_MAX_ZOOM,
        userAgent: values.MAP_TILE_USER_AGENT ?? DEFAULT_TILE_USER_AGENT,
        timeoutMs: TILE_TIMEOUT_MS,
      },
      cacheBytes: values.MAP_TILE_CACHE_MB * 1024 * 1024,
      fetchesPerUserPerMinute: values.MAP_TILE_FETCHES_PER_USER_PER_MINUTE,
    },
    logLevel: values.LOG_LEVEL,
    metricsToken: values.METRICS_TOKEN ?? null,
    trustProxy: values.TRUST_PROXY,
    redis: values.REDIS_URL ? { url: values.REDIS_URL, keyPrefix: values.REDIS_KEY_PREFIX } : null,
    rateLimits: {
      loginFailuresPerUsername: values.RATE_LIMIT_LOGIN_PER_USERNAME,
      loginFailuresPerIp: values.RATE_LIMIT_LOGIN_PER_IP,
      registrationsPerIp: values.RATE_LIMIT_REGISTER_PER_IP,
      uploadsPerUser: values.RATE_LIMIT_UPLOADS_PER_USER,
      globalPerMinute: values.RATE_LIMIT_GLOBAL_PER_MINUTE,
      weatherLookupsPerUserPerHour: values.RATE_LIMIT_WEATHER_PER_USER,
      weatherUpstreamPerMinute: values.WEATHER_UPSTREAM_PER_MINUTE,
      weatherUpstreamPerDay: values.WEATHER_UPSTREAM_PER_DAY,
    },
    accountLimits: {
      catches: values.CATCHES_PER_ACCOUNT,
      textBytes: values.CATCH_TEXT_MB_PER_ACCOUNT * 1024 * 1024,
    },
    photoQuotaBytes: values.PHOTO_QUOTA_MB * 1024 * 1024,
    importsAtOnce: values.IMPORTS_AT_ONCE,
    webConcurrency: values.WEB_CONCURRENCY,
    shutdownDrainMs: values.SHUTDOWN_DRAIN_SECONDS * 1000,
    shutdownGraceMs: values.SHUTDOWN_GRACE_SECONDS * 1000,
    appLinks: {
      // superRefine made sure each pair is complete.
      android: values.ANDROID_PACKAGE
        ? { packageName: values.ANDROID_PACKAGE, certSha256: values.ANDROID_CERT_SHA256 ?? [] }
        : null,
      apple: values.APPLE_TEAM_ID ? { appId: `${values.APPLE_TEAM_ID}.${values.APPLE_BUNDLE_ID}` } : null,
      storeListings: { appStore: values.APP_STORE_URL ?? null, googlePlay: values.GOOGLE_PLAY_URL ?? null },
    },
  };
}
