import type { ColumnType, Generated } from 'kysely';
import type { ConditionsStatus } from '#core/catch-conditions.ts';
import type { UnitSystem } from '#core/units.ts';

/**
 * Table row types. They never leave the repositories: routes and the web see core's API types.
 * Timestamps are ISO-8601 UTC strings (Date#toISOString) on both engines: they sort correctly as text and
 * read back identically from SQLite and PostgreSQL (see docs/decisions/002-one-schema-two-engines.md).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive. */
  username_key: string;
  password_hash: string;
  created_at: string;
  /** Incremented by every catch write of this user (cache key of the history list). */
  catches_version: Generated<number>;
  /** How many catches this user has, and the UTF-8 bytes of their free text: the per-account quota. */
  catch_count: Generated<number>;
  catch_text_bytes: Generated<number>;
  /** 'imperial' (the default) or 'metric': how this angler's values are shown and typed (core/units.ts). */
  units: Generated<UnitSystem>;
}

/**
 * How a session's token travels: in the HttpOnly cookie of a browser, or as `Authorization: Bearer` from the native
 * app (docs/decisions/017-native-apps.md). A token is accepted only the way it was handed out.
 */
export type SessionTransport = 'cookie' | 'bearer';

interface SessionsTable {
  /** SHA-256 of the session token: a stolen database does not yield live sessions. */
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** Null for a session started before migration 007: bound to the transport it is next used with. */
  transport: ColumnType<SessionTransport | null, SessionTransport, SessionTransport>;
}

export interface CatchesTable {
  id: Generated<number>;
  user_id: number;
  client_id: string | null;
  fish_type: string;
  weight: number | null;
  length: number | null;
  location_name: string | null;
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  created_at: string;
  catch_date: string | null;
  time_of_day: string | null;
  water_temperature: number | null;
  depth: number | null;
  line_size: string | null;
  bait_used: string | null;
  photo_id: string | null;
  /**
   * A sample saved from a test page (docs/decisions/028-test-catches.md): written once, never updated. SQLite reads
   * a boolean back as 0/1, PostgreSQL as true/false.
   */
  is_test_catch: ColumnType<boolean | 0 | 1, boolean | undefined, never>;
  /** Fish type, place, bait and notes, lower-cased in JavaScript at write time (catch-text.ts): what search reads. */
  search_text: string;
  /** The moment of the catch, ISO 8601 UTC (core/catch-conditions.ts `catchMoment`); null until worked out. */
  caught_at: string | null;
  /** The IANA zone `caught_at` was read in: the place's, else the phone's, else UTC. */
  time_zone: string | null;
  /** `CatchConditions` as JSON; null until worked out. */
  conditions: string | null;
  conditions_status: Generated<ConditionsStatus>;
  /** Provider attempts that failed so far, and when the next may be made (ISO 8601): the job's back-off. */
  conditions_attempts: Generated<number>;
  conditions_retry_at: string | null;
  /** true released, false kept, null not said (docs/decisions/043-trips-and-spots.md); 0/1 from SQLite. */
  released: boolean | 0 | 1 | null;
  /** How many fish the entry stands for. */
  quantity: Generated<number>;
  /** The angler's spot and trip the catch belongs to, or null. */
  spot_id: number | null;
  trip_id: number | null;
}

/** An angler's named place (docs/decisions/043-trips-and-spots.md): a point and a radius in whole metres. */
interface SpotsTable {
  id: Generated<number>;
  user_id: number;
  client_id: string | null;
  name: string;
  latitude: number;
  longitude: number;
  notes: string | null;
  radius_meters: number;
  created_at: string;
}

/** The time an angler fished: ISO 8601 UTC moments, `ended_at` null while it runs. */
interface TripsTable {
  id: Generated<number>;
  user_id: number;
  client_id: string | null;
  started_at: string;
  ended_at: string | null;
  spot_id: number | null;
  notes: string | null;
  fish_lost: number;
  bites_missed: number;
  created_at: string;
  /** JSON of core/insights.ts `EffortMinutes`; null until the effort job has worked it out. */
  effort: string | null;
  /** 'pending' (to work out, or to redo after the trip's time or spot changed) or 'done'. */
  effort_status: Generated<string>;
  effort_attempts: Generated<number>;
  effort_retry_at: string | null;
}

/** One weather provider answer: the hours of one UTC day (`YYYY-MM-DD`) at one ~1 km cell ('lat,lon'). */
interface WeatherHoursTable {
  cell: string;
  day: string;
  /** The provider's hourly series for that day, as JSON (server/conditions/). */
  hours: string;
  fetched_at: string;
}

/** Which process runs a background job until when: one instance at a time runs it. */
interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

interface PhotosTable {
  id: string;
  user_id: number;
  width: number;
  height: number;
  created_at: string;
  /** Bytes on disk (full WebP plus thumbnail), counted against the owner's quota; 0 for photos stored before 003. */
  bytes: Generated<number>;
}

/** A photo whose record is deleted: its files are removed once `deleted_at` is older than the grace period. */
interface PhotoTombstonesTable {
  photo_id: string;
  deleted_at: string;
}

interface RateLimitHitsTable {
  /** e.g. 'login-username:alice' */
  bucket_key: string;
  window_started_at: number;
  hits: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  catches: CatchesTable;
  spots: SpotsTable;
  trips: TripsTable;
  photos: PhotosTable;
  photo_tombstones: PhotoTombstonesTable;
  rate_limit_hits: RateLimitHitsTable;
  weather_hours: WeatherHoursTable;
  job_leases: JobLeasesTable;
}
