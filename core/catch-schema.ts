import { z } from 'zod';
import {
  clientIdField,
  linkId,
  optionalBoolean,
  optionalNumber,
  optionalText,
  wholeNumber,
} from './field-schemas.ts';
import { PHOTO_URL_PATTERN } from './photo-url.ts';
import { isKnownTimeZone } from './zoned-day.ts';

function isRealCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Catch dates a log can hold: a year 0000 or 9999 is a typo or a broken clock, and breaks every chart by years. */
const CATCH_DATE_MIN = '1900-01-01';
const CATCH_DATE_MAX = '2099-12-31';
const CATCH_DATE_RANGE_MESSAGE = `Catch date must be between ${CATCH_DATE_MIN} and ${CATCH_DATE_MAX}`;

/** The longest `createdAt` text: an ISO 8601 time with offset and nanoseconds is 35 characters. */
const CREATED_AT_MAX = 64;

/**
 * The fields an angler writes (docs/product.md#catch), each once: its stored type, its rules and their texts, and how loose input
 * (decimal strings, empty strings, missing keys) becomes it. Every other view of a catch derives from these.
 */
const catchFields = {
  fishType: z
    .string({ error: 'Fish type required' })
    .trim()
    .min(1, 'Fish type required')
    .max(100, 'Fish type must be at most 100 characters'),
  weight: optionalNumber('Weight', 0, 5000),
  length: optionalNumber('Length', 0, 1000),
  locationName: optionalText('Location name', 200),
  latitude: optionalNumber('Latitude', -90, 90),
  longitude: optionalNumber('Longitude', -180, 180),
  notes: optionalText('Notes', 5000),
  waterTemperature: optionalNumber('Water temperature', -40, 150),
  depth: optionalNumber('Depth', 0, 40000),
  catchDate: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .string({ error: 'Catch date must be a date (yyyy-MM-dd)' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Catch date must be a date (yyyy-MM-dd)')
      .refine(isRealCalendarDate, 'Catch date must be a date (yyyy-MM-dd)')
      .refine((date) => date >= CATCH_DATE_MIN && date <= CATCH_DATE_MAX, CATCH_DATE_RANGE_MESSAGE)
      .nullable(),
  ),
  timeOfDay: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .string({ error: 'Time of day must be a time (HH:mm)' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time of day must be a time (HH:mm)')
      .nullable(),
  ),
  lineSize: optionalText('Line size', 50),
  baitUsed: optionalText('Bait used', 200),
  photo: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .string({ error: 'Photo must be an uploaded photo URL' })
      .regex(PHOTO_URL_PATTERN, 'Photo must be an uploaded photo URL')
      .nullable(),
  ),
};

/** The most fish one entry may stand for ("12 perch" is one entry of 12). */
export const CATCH_QUANTITY_MAX = 10_000;

/**
 * The fields of effort and place added with trips and spots (docs/decisions/043-trips-and-spots.md), kept apart from
 * the first written fields so that a form or file without them reads them as not set.
 */
const catchEffortFields = {
  /** true released, false kept, null not said. */
  released: optionalBoolean('Released'),
  /** How many fish this entry stands for: totals and per-species counts sum it, personal bests stay per fish. */
  quantity: wholeNumber('Quantity', 1, CATCH_QUANTITY_MAX, 1),
};

/**
 * The spot and trip a catch belongs to: ids of the angler's own records, or null for none. On a create, a link left
 * out is worked out by the server (by place, by time), null is kept as "none".
 */
const catchLinkFields = {
  spotId: linkId('spotId'),
  tripId: linkId('tripId'),
};

/** The fields an angler writes, as one schema (core/catch.ts `CatchFields`). */
export const catchFieldsSchema = z.object(catchFields);

const TEST_CATCH_MESSAGE = 'isTestCatch must be true or false';

/**
 * Whether a catch is a sample saved from a test page (docs/decisions/028-test-catches.md): set when the catch is
 * created and never changed after. Loose input as for the other fields: a CSV cell's 'true'/'false' (any case), and
 * an empty cell, null or a missing key meaning false (a file from before the mark existed).
 */
const testCatchMark = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return false;
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    if (text === '' || text === 'false') return false;
    return text === 'true' ? true : value;
  },
  z.boolean({ error: TEST_CATCH_MESSAGE }),
);

const WEATHER_CONDITIONS = ['Clear', 'Clouds', 'Fog', 'Drizzle', 'Rain', 'Snow', 'Thunderstorm'] as const;
const MOON_PHASE_NAMES = [
  'New Moon',
  'Waxing Crescent',
  'First Quarter',
  'Waxing Gibbous',
  'Full Moon',
  'Waning Gibbous',
  'Last Quarter',
  'Waning Crescent',
] as const;

/**
 * The conditions a catch was caught in (core/catch-conditions.ts), worked out by the server (and the sky part by the
 * phone for a catch saved offline) and frozen with the catch. Read only: a client never sends them, except in an
 * import file, whose conditions are kept as they are. Units as the rest of the API: °F, mph, inHg, inches.
 */
export const catchConditionsSchema = z.object({
  /**
   * 'pending': not worked out yet; 'complete'; 'partial': some parts could not be had (no position, the provider
   * has no data for that hour, an impossible moment); 'unavailable': nothing to work from.
   */
  status: z.enum(['pending', 'complete', 'partial', 'unavailable']),
  /** The hour of the moment at the catch's position (Open-Meteo), or null. */
  weather: z
    .object({
      airTemperature: z.number(),
      description: z.string().max(100),
      condition: z.enum(WEATHER_CONDITIONS),
      windSpeed: z.number(),
      /** Where the wind comes from, degrees clockwise from north. */
      windDirection: z.number().min(0).max(360).nullable(),
      /** Percent of the sky. */
      cloudCover: z.number().min(0).max(100).nullable(),
      /** In that hour, inches. */
      precipitation: z.number().min(0).nullable(),
      humidity: z.number().min(0).max(100).nullable(),
      /** Sea-level pressure. */
      pressure: z.number(),
      /** Over the 3 hours before the moment. */
      pressureChange3h: z.number().nullable(),
      pressureTendency: z.enum(['rising', 'falling', 'steady']).nullable(),
    })
    .nullable(),
  /** Needs a position. */
  sun: z
    .object({
      phase: z.enum(['night', 'dawn', 'day', 'dusk']),
      /** ISO 8601; null on a day the sun does not rise or set there. */
      sunrise: z.string().nullable(),
      sunset: z.string().nullable(),
    })
    .nullable(),
  moon: z
    .object({
      phase: z.enum(MOON_PHASE_NAMES),
      /** Illuminated fraction of the disk, 0 to 1. */
      illumination: z.number().min(0).max(1),
      /** Days since the last new moon. */
      age: z.number().min(0).max(30),
    })
    .nullable(),
  /** The traditional solunar period the moment falls in (folklore); needs a position. */
  solunar: z.object({ period: z.enum(['major', 'minor']).nullable() }).nullable(),
  /**
   * The tide at the nearest station within reach (docs/decisions/035-tides.md), predicted for the moment; null inland,
   * without a position, or not worked out yet. Absent in conditions written before the tide was added: null.
   */
  tide: z
    .object({
      stationId: z.string().max(100),
      stationName: z.string().max(200),
      distanceKm: z.number().min(0),
      /** Feet above the station's datum. */
      height: z.number(),
      stage: z.enum(['rising', 'falling']),
      minutesSinceLastTurn: z.number().min(0),
      minutesToNextTurn: z.number().min(0),
      /** 0 at low water, 1 at high water. */
      rangeFraction: z.number().min(0).max(1),
    })
    .nullable()
    .default(null),
});

/**
 * A catch as every API response carries it (docs/product.md#catch), core/catch.ts `Catch`: the written fields plus what the
 * server adds. Its JSON Schema (server/http/route-contract.ts) is the response schema Fastify serialises with.
 */
export const catchSchema = z.object({
  id: z.int(),
  ...catchFields,
  ...catchEffortFields,
  ...catchLinkFields,
  createdAt: z.string(),
  clientId: z.string().nullable(),
  /** A sample saved from a test page: History labels it; stats, personal bests and insights leave it out. */
  isTestCatch: z.boolean({ error: TEST_CATCH_MESSAGE }),
  /**
   * The moment of the catch (ISO 8601, UTC): its date and time of day on the clocks of where it was caught, or
   * createdAt when it has no date (core/catch-conditions.ts). Read only.
   */
  caughtAt: z.string(),
  conditions: catchConditionsSchema,
});

/**
 * The catch payload of docs/product.md#catch, accepted by POST /api/catches, /api/mobile-catch and /api/emergency-catch.
 * `userId` is accepted and dropped: the session decides the owner (docs/product.md#catch).
 */
export const catchCreateSchema = z.object({
  ...catchFields,
  ...catchEffortFields,
  /** Left out (undefined): worked out by the server; null: none. */
  spotId: catchLinkFields.spotId.optional(),
  tripId: catchLinkFields.tripId.optional(),
  /** The device's id for this catch (outbox): a repeat with the same id returns the first catch. */
  clientId: clientIdField,
  /**
   * When the catch was saved on the device; the server keeps it unless unparsable or implausible
   * (server/catches/created-at.ts). Bounded: it is part of an imported row's content id.
   */
  createdAt: z
    .unknown()
    .refine(
      (value) => typeof value !== 'string' || value.length <= CREATED_AT_MAX,
      `createdAt must be at most ${CREATED_AT_MAX} characters`,
    )
    .optional(),
  userId: z.unknown().optional(),
  /**
   * The phone's time zone (IANA) when the catch was saved: a catch without a position is read on its clocks
   * (core/catch-conditions.ts). A zone this server does not know, or anything else, is dropped, never refused.
   */
  timeZone: z.preprocess(
    (value) =>
      typeof value === 'string' && value.length <= 64 && isKnownTimeZone(value) ? value : undefined,
    z.string().optional(),
  ),
  /** Sent as true by the test pages only; a catch cannot become, or stop being, a test catch later. */
  isTestCatch: testCatchMark,
});
export type CatchCreateInput = z.output<typeof catchCreateSchema>;

/**
 * A change to a saved catch (the PATCH of decision 021): any subset of the written fields. A field left out stays as it is,
 * `null` (or an empty string) clears an optional field, and the fish type, when present, must not be blank. A spot or
 * trip named must be the angler's own; a change of moment or place works the links not named out again. What
 * the server keeps (id, createdAt, clientId, isTestCatch) is not a written field: a PATCH naming it changes nothing.
 */
export const catchUpdateSchema = z
  .object({ ...catchFields, ...catchEffortFields, ...catchLinkFields })
  .partial();
export type CatchUpdateInput = z.output<typeof catchUpdateSchema>;
