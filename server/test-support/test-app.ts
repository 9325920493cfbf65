import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { type AppDependencies, buildApp } from '../app.ts';
import type { NewCatch } from '../catches/catch.repository.ts';
import type { Clock } from '../clock.ts';
import type { RateLimits } from '../config/config.ts';
import {
  type AppDatabase,
  type DatabaseEngine,
  type DatabaseLocation,
  openDatabase,
} from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { MemoryPhotoStore } from '../photos/photo-store.ts';
import { loadGeoNamesGeocoder, type ReverseGeocoder } from '../places/reverse-geocoder.ts';
import { TideStations } from '../tides/tide-stations.ts';
import { OpenMeteoProvider } from '../weather/open-meteo.provider.ts';
import { TEST_TILE_SOURCE } from './fake-tile-server.ts';

/**
 * API tests run on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL is set
 * (CI: postgres://postgres@127.0.0.1:5432/test). Use with `describe.each(TEST_ENGINES)`.
 */
export const TEST_ENGINES: DatabaseEngine[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** Generous limits so tests that are not about rate limiting never trip one. */
export const RELAXED_RATE_LIMITS: RateLimits = {
  loginFailuresPerUsername: 1000,
  loginFailuresPerIp: 1000,
  registrationsPerIp: 1000,
  uploadsPerUser: 1000,
  globalPerMinute: 0,
  weatherLookupsPerUserPerHour: 1000,
  weatherUpstreamPerMinute: 1000,
  weatherUpstreamPerDay: 100_000,
};

/** A clock tests can move forward. */
export class ManualClock implements Clock {
  private current: Date;
  constructor(start = new Date('2026-06-01T12:00:00.000Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

let sharedGeocoder: ReverseGeocoder | undefined;
/** The real GeoNames geocoder, loaded once per test file. */
function testGeocoder(): ReverseGeocoder {
  sharedGeocoder ??= loadGeoNamesGeocoder();
  return sharedGeocoder;
}

let sharedTideStations: TideStations | undefined;
/** The real tide stations (the built index, else built once in a worker), read once per test file. */
export function testTideStations(): TideStations {
  sharedTideStations ??= new TideStations();
  return sharedTideStations;
}

export interface TestDatabase {
  database: AppDatabase;
  drop(): Promise<void>;
}

/** A fresh, empty schema in the TEST_DATABASE_URL database, and a way to drop it. */
export async function createTestSchema(): Promise<{
  url: string;
  schema: string;
  dropSchema(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`CREATE SCHEMA ${schema}`);
  return { url, schema, dropSchema: () => run(`DROP SCHEMA ${schema} CASCADE`) };
}

/** Pool settings of a PostgreSQL test database (ignored on SQLite). */
export type TestPoolSettings = Partial<
  Pick<
    Extract<DatabaseLocation, { engine: 'postgres' }>,
    'maxConnections' | 'poolTimeoutMs' | 'statementTimeoutMs'
  >
>;
/**
 * A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server, for tests that run the real server process:
 * it uses the default search_path, exactly as in production. `drop` removes it, connections and all. The
 * benchmarks pass their own server URL.
 */
export async function createTestPostgresDatabase(
  namePrefix: string,
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${namePrefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A brand-new, empty, migrated database: a temp SQLite file, or a fresh PostgreSQL schema. */
export async function createTestDatabase(
  engine: DatabaseEngine,
  pool: TestPoolSettings = {},
): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'tightlines-test-'));
    const database = await openDatabase({ engine: 'sqlite', file: path.join(dir, 'test.db') });
    return {
      database,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const { url, schema, dropSchema } = await createTestSchema();
  // Its own application_name, so a test can find (and terminate) exactly its own connections.
  const database = await openDatabase({
    engine: 'postgres',
    url,
    schema,
    maxConnections: 5,
    applicationName: `tightlines_${schema}`,
    ...pool,
  });
  return {
    database,
    drop: async () => {
      await database.close();
      await dropSchema();
    },
  };
}

/** Users straight in the users table (repository and migration tests need owners, not sessions); their ids. */
export async function insertTestUsers(db: Kysely<Database>, names: string[]): Promise<number[]> {
  const rows = await db
    .insertInto('users')
    .values(
      names.map((name) => ({
        username: name,
        username_key: name,
        password_hash: 'not-a-hash',
        created_at: '2026-01-01T00:00:00.000Z',
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * `count` catches for CatchRepository.createMany, one second apart from 2026-01-01: `fields(i)` fills them in. A
 * field not set is stored as null (NewCatch), so a new catch field needs nothing here.
 */
export function bulkCatches(
  count: number,
  fields: (i: number) => Partial<NewCatch> = () => ({}),
): NewCatch[] {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, i) => ({
    fishType: `Fish ${i}`,
    createdAt: new Date(start + i * 1000),
    photoId: null,
    ...fields(i),
  }));
}

export interface TestApp {
  app: FastifyInstance;
  database: AppDatabase;
  photoStore: MemoryPhotoStore;
  clock: ManualClock;
  close(): Promise<void>;
}

/** The real app on a fresh database, with an in-memory photo store and a manual clock. */
export async function createTestApp(
  engine: DatabaseEngine,
  overrides: Partial<AppDependencies> = {},
  pool: TestPoolSettings = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase(engine, pool);
  const photoStore = new MemoryPhotoStore();
  const clock = new ManualClock();
  const app = await buildApp({
    database,
    photoStore,
    geocoder: testGeocoder(),
    tideStations: testTideStations(),
    // Nothing listens on port 9 (discard): weather tests pass a provider pointed at their fake Open-Meteo.
    weatherProvider: new OpenMeteoProvider('http://127.0.0.1:9', 500),
    // Likewise for map tiles: the tile tests point them at their fake tile server.
    mapTiles: {
      source: { ...TEST_TILE_SOURCE, urlTemplate: 'http://127.0.0.1:9/{z}/{x}/{y}.png' },
      cacheBytes: 1024 * 1024,
      fetchesPerUserPerMinute: 1000,
    },
    rateLimits: RELAXED_RATE_LIMITS,
    clock,
    logLevel: 'silent',
    webRoot: null,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    database,
    photoStore,
    clock,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
