/**
 * Trips, the time an angler spends fishing (docs/decisions/043-trips-and-spots.md), as the API and the web app see
 * them: types derived from core/trip-schema.ts by type-only imports (no zod in the web app's main bundle), and the
 * constants and rules both sides share.
 */
import type { z } from 'zod';
import type { tripCreateSchema, tripSchema, tripUpdateSchema } from './trip-schema.ts';

export const TRIP_NOTES_MAX = 5000;
/** The most fish lost or bites missed one trip may count (a bound, not a rule of fishing). */
export const TRIP_COUNT_MAX = 100_000;

/** The 400 text, naming `endedAt`, of a trip that would end before it starts. */
export const TRIP_ENDS_BEFORE_START = 'The end must not be before the start';

/** A trip as every API answer carries it, with its effort and catch figures. */
export type Trip = z.output<typeof tripSchema>;
/** A new trip as POST /api/trips takes it (the server accepts looser input: `z.input`). */
export type TripCreateInput = z.output<typeof tripCreateSchema>;
/** A change to a trip (PATCH): any subset of the written fields. */
export type TripChanges = z.output<typeof tripUpdateSchema>;

/** True when a trip would end before it starts (an open trip, `endedAt` null, never does). */
export function endsBeforeStart(startedAt: string, endedAt: string | null): boolean {
  return endedAt !== null && Date.parse(endedAt) < Date.parse(startedAt);
}

const MINUTE_MS = 60_000;

/**
 * Whole minutes from a trip's start to its end, or to `now` while it runs (never below 0): the `durationMinutes`
 * every trip answer carries and insights measure hours fished with.
 */
export function tripDurationMinutes(startedAt: string, endedAt: string | null, now: Date): number {
  const end = endedAt === null ? now.getTime() : Date.parse(endedAt);
  return Math.max(0, Math.floor((end - Date.parse(startedAt)) / MINUTE_MS));
}
