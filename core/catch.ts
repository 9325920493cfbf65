/**
 * The catch as the API and the web app see it, and the constants both sides share. The types are derived from the
 * one catch schema (catch-schema.ts) by type-only imports: the web app's main bundle imports this file and no zod
 * comes with it.
 */
import type { z } from 'zod';
import type { CatchConditions } from './catch-conditions.ts';
import type { catchCreateSchema, catchFieldsSchema, catchSchema } from './catch-schema.ts';

/** Default place name the log form sends when it has none (docs/product.md#log). */
export const DEFAULT_LOCATION_NAME = 'Unknown Location';

/** A catch as every API response carries it (docs/product.md#catch). */
export type Catch = z.output<typeof catchSchema>;

/**
 * The conditions of a catch not worked out yet (core/catch-conditions.ts): a catch kept on a phone from before they
 * existed, or one the server has not got to (docs/decisions/041-catch-conditions.md). Here, beside the catch, so the
 * web app's main bundle reads kept catches without the astronomy.
 */
export const CONDITIONS_NOT_WORKED_OUT: CatchConditions = {
  status: 'pending',
  weather: null,
  sun: null,
  moon: null,
  solunar: null,
  tide: null,
};

/**
 * The fields a catch gained after the first release, each at the value that means "not set". A catch kept on a phone
 * from before a field existed (the kept catch list, a catch waiting in the outbox) lacks it: it is read with these
 * filled in (`withFieldsAddedLater`), so no screen meets `undefined` where the contract promises a value.
 * core/catch-contract.test.ts fails for a field of the contract that is neither of the first release nor listed here
 * (nor in CATCH_FIELDS_READ_FROM_KEPT).
 * An import's content id counts a written field added later only when it holds another value (server/export/import-rows.ts).
 */
type FieldsAddedLater = Pick<
  Catch,
  'isTestCatch' | 'conditions' | 'released' | 'quantity' | 'spotId' | 'tripId'
>;
export const CATCH_FIELDS_ADDED_LATER: FieldsAddedLater = {
  isTestCatch: false,
  conditions: CONDITIONS_NOT_WORKED_OUT,
  // docs/decisions/043-trips-and-spots.md: release not said, one fish, no spot, no trip.
  released: null,
  quantity: 1,
  spotId: null,
  tripId: null,
};

/**
 * The fields added later whose value for a kept catch is read from the rest of it, each from which field: the moment
 * of a catch kept from before `caughtAt` existed is when it was saved (the server answers its true moment later).
 */
export const CATCH_FIELDS_READ_FROM_KEPT = { caughtAt: 'createdAt' } as const satisfies Partial<
  Record<keyof Catch, keyof Catch>
>;

/** A catch as kept on the phone, with every field added since it was kept at its "not set" value. */
export function withFieldsAddedLater<T extends { createdAt: string }>(
  kept: T,
): FieldsAddedLater & Pick<Catch, 'caughtAt'> & T {
  return { ...CATCH_FIELDS_ADDED_LATER, caughtAt: kept[CATCH_FIELDS_READ_FROM_KEPT.caughtAt], ...kept };
}

/** The fields an angler writes (docs/product.md#log), as stored: what a catch is made of besides what the server keeps
 * (id, createdAt, clientId, isTestCatch). */
export type CatchFields = z.output<typeof catchFieldsSchema>;

/**
 * The fields of effort and place a catch gained with trips and spots (docs/decisions/043-trips-and-spots.md): whether
 * it was released, how many fish the entry stands for, and its spot and trip (ids of the angler's own, or null).
 */
type CatchEffortAndLinks = Pick<Catch, 'released' | 'quantity' | 'spotId' | 'tripId'>;

/**
 * The create payload as the app sends it (the outbox keeps it until the server confirms): every written field,
 * plus `clientId`, which makes a retry idempotent, `createdAt`, when it was saved on the device (docs/product.md#catch),
 * and `timeZone`, the phone's zone then.
 * The server accepts looser input too (decimal strings as core/decimal.ts reads them, missing fields): that is
 * `z.input<typeof catchCreateSchema>`.
 */
export type CatchCreatePayload = CatchFields & {
  clientId: NonNullable<z.output<typeof catchCreateSchema>['clientId']>;
  createdAt: string;
  /** The phone's IANA zone (a payload kept in the outbox from before it was sent lacks it). */
  timeZone?: string;
} & Partial<Pick<CatchEffortAndLinks, 'released' | 'quantity'>> & {
    /** Left out: the server works the link out (by place, by time); null: none. */
    spotId?: number | null;
    tripId?: number | null;
  };

/**
 * A change to a saved catch (PATCH, docs/decisions/021-editing-a-catch.md): any subset of the written fields, `null` clearing an optional one.
 * The server accepts looser input too: that is `z.input<typeof catchUpdateSchema>`.
 */
export type CatchChanges = Partial<CatchFields & CatchEffortAndLinks>;

/** Longest search text the catch list accepts. */
export const SEARCH_MAX = 100;
