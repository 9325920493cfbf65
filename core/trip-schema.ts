import { z } from 'zod';
import { clientIdField, linkId, optionalText, wholeNumber } from './field-schemas.ts';
import { EFFORT_FACTORS } from './insights.ts';
import { endsBeforeStart, TRIP_COUNT_MAX, TRIP_ENDS_BEFORE_START, TRIP_NOTES_MAX } from './trips.ts';

/** Moments a log can hold, as for catch dates: a year 0000 or 9999 is a typo or a broken clock. */
const MOMENT_MIN = Date.parse('1900-01-01T00:00:00Z');
const MOMENT_MAX = Date.parse('2100-01-01T00:00:00Z');

/**
 * A moment in ISO 8601 with its offset ('2026-05-01T06:45:00-07:00' or '...Z'), stored and answered in UTC
 * ('2026-05-01T13:45:00.000Z') so that moments compare as text in both engines.
 */
function moment(label: string) {
  const message = `${label} must be a date and time with its offset (ISO 8601)`;
  return z
    .string({ error: message })
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .refine((text) => {
      const time = Date.parse(text);
      return time >= MOMENT_MIN && time < MOMENT_MAX;
    }, `${label} must be between 1900 and 2099`)
    .transform((text) => new Date(text).toISOString());
}

/** The end of a trip: a moment, or null (or empty) while it runs. */
const endMoment = z.preprocess(
  (value) => (value === undefined || value === '' ? null : value),
  moment('End').nullable(),
);

/** The fields an angler writes for a trip (docs/decisions/043-trips-and-spots.md), each once with its rules and texts. */
const tripFields = {
  startedAt: moment('Start'),
  /** null while the trip runs. */
  endedAt: endMoment,
  /** Where the trip was fished: the angler's own spot, or null. */
  spotId: linkId('spotId'),
  notes: optionalText('Notes', TRIP_NOTES_MAX),
  fishLost: wholeNumber('Fish lost', 0, TRIP_COUNT_MAX, 0),
  bitesMissed: wholeNumber('Bites missed', 0, TRIP_COUNT_MAX, 0),
};

/**
 * The minutes of a trip in each bucket of each factor insights measure (core/insights.ts `EffortMinutes`), frozen
 * by the server once the trip has ended; a factor nothing is known of is left out.
 */
const effortMinutesSchema = z.partialRecord(z.enum(EFFORT_FACTORS), z.record(z.string(), z.number()));

/** A trip as every API answer carries it (core/trips.ts `Trip`): the written fields plus what the server works out. */
export const tripSchema = z.object({
  id: z.int(),
  clientId: z.string().nullable(),
  ...tripFields,
  createdAt: z.string(),
  /** Whole minutes from the start to the end, or to now while the trip runs. */
  durationMinutes: z.int(),
  /** The fish caught: the sum of its catches' quantities. */
  catchCount: z.int(),
  /** Fish per hour fished; null for a trip under a minute. */
  catchesPerHour: z.number().nullable(),
  /** The names of the fish caught, most first. */
  species: z.array(z.string()),
  /** Ended with no fish. */
  skunked: z.boolean(),
  /** Its minutes in each bucket of each factor insights measure; null until the server has worked them out. */
  effort: effortMinutesSchema.nullable(),
});

/** POST /api/trips. An end before the start is a 400 naming `endedAt`. */
export const tripCreateSchema = z
  .object({
    ...tripFields,
    /** The device's id for this trip (outbox): a repeat with the same id returns the first trip. */
    clientId: clientIdField,
  })
  .refine((trip) => !endsBeforeStart(trip.startedAt, trip.endedAt), {
    path: ['endedAt'],
    message: TRIP_ENDS_BEFORE_START,
  });

/**
 * PATCH /api/trips/{id}: any subset of the written fields; a field left out stays as it is, `endedAt: null` opens
 * the trip again. The end is checked against the start as stored (server).
 */
export const tripUpdateSchema = z.object(tripFields).partial();
