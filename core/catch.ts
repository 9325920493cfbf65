/**
 * The catch as the API and the web app see it, and the constants both sides share. No zod here: the
 * web app's main bundle imports this file, and the schemas live in catch-input.ts.
 */

/** Default place name the log form sends when it has none (SPEC §3). */
export const DEFAULT_LOCATION_NAME = 'Unknown Location';

/** A catch as every API response carries it (DESIGN §4). */
export interface Catch {
  id: number;
  fishType: string;
  photo: string | null;
  weight: number | null;
  length: number | null;
  locationName: string | null;
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  createdAt: string;
  catchDate: string | null;
  timeOfDay: string | null;
  waterTemperature: number | null;
  depth: number | null;
  lineSize: string | null;
  baitUsed: string | null;
  clientId: string | null;
}

/** Longest search text the catch list accepts. */
export const SEARCH_MAX = 100;
