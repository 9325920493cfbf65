// The shapes of what the operator configures for the features, and their defaults: defined here, below the
// features, so that config.ts can build them without importing a feature, and each feature reads its settings from
// here (the boundary test in server/module-boundaries.test.ts holds it).
import { APP_VERSION } from '#core/app-info.ts';

/** What one account may keep: generous for a lifetime of fishing, bounded for the server (decision 012). */
export interface AccountLimits {
  catches: number;
  /** UTF-8 bytes of free text (fish type, place, notes, line, bait) over all the account's catches. */
  textBytes: number;
  /** Spots and trips one account may keep (docs/decisions/043-trips-and-spots.md); the defaults below when not given. */
  spots?: number;
  trips?: number;
}

export const DEFAULT_ACCOUNT_LIMITS = {
  catches: 50_000,
  textBytes: 64 * 1024 * 1024,
  spots: 1000,
  trips: 10_000,
} as const satisfies Required<AccountLimits>;

/** Imports one server process runs at once (IMPORTS_AT_ONCE), each account one at a time (decision 027). */
export const DEFAULT_IMPORTS_AT_ONCE = 3;

/** An S3-compatible photo store (PHOTO_STORE=s3 and the S3_* settings). */
export interface S3Settings {
  /** The service's URL; unset for AWS S3 itself (the SDK derives it from the region). */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what most self-hosted stores need. */
  forcePathStyle: boolean;
}

/** Where the map tiles come from (MAP_TILE_URL and friends, docs/decisions/016-map-tiles.md). */
export interface TileSourceSettings {
  /** An http(s) URL template with {z}, {x} and {y}. */
  urlTemplate: string;
  /** Shown on every map (the provider's licence asks for it). */
  attribution: string;
  maxZoom: number;
  /** Identifies this server to the provider (OpenStreetMap blocks requests without a real one). */
  userAgent: string;
  timeoutMs: number;
}

export const DEFAULT_TILE_USER_AGENT = `Tightlines/${APP_VERSION} (self-hosted fishing log; map tile proxy)`;
