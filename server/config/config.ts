import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from the environment and is checked once, at start-up: a bad value stops the server
 * with a message naming the variable. `.env.example` lists them all.
 */
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  WEATHER_API_URL: z.url().default('https://api.open-meteo.com'),
  PHOTO_STORE: z.enum(['disk'], { error: "must be 'disk' (the S3 store is not built yet)" }).default('disk'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set when running behind a reverse proxy, so client IPs (rate limits) come from X-Forwarded-For. */
  TRUST_PROXY: z.stringbool().default(false),
  RATE_LIMIT_LOGIN_PER_USERNAME: positiveInt(10),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt(100),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt(30),
  RATE_LIMIT_UPLOADS_PER_USER: positiveInt(60),
  /** Requests per minute per IP across the whole API; 0 turns it off (benchmarks). */
  RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
});

export interface RateLimits {
  loginFailuresPerUsername: number;
  loginFailuresPerIp: number;
  registrationsPerIp: number;
  uploadsPerUser: number;
  globalPerMinute: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };
  weatherApiUrl: string;
  logLevel: string;
  trustProxy: boolean;
  rateLimits: RateLimits;
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
      ? { engine: 'postgres', url: values.DATABASE_URL }
      : { engine: 'sqlite', file: path.join(dataDir, 'tightlines.db') },
    weatherApiUrl: values.WEATHER_API_URL,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    rateLimits: {
      loginFailuresPerUsername: values.RATE_LIMIT_LOGIN_PER_USERNAME,
      loginFailuresPerIp: values.RATE_LIMIT_LOGIN_PER_IP,
      registrationsPerIp: values.RATE_LIMIT_REGISTER_PER_IP,
      uploadsPerUser: values.RATE_LIMIT_UPLOADS_PER_USER,
      globalPerMinute: values.RATE_LIMIT_GLOBAL_PER_MINUTE,
    },
  };
}
