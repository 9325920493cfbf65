import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { coordinatesQuerySchema } from '#core/coordinates.ts';
import {
  TIDE_STATION_REACH_KM,
  type TideDayAnswer,
  type TideExtreme,
  type TideStationListing,
  type TideStationSummary,
  type TideStationsAnswer,
} from '#core/tides.ts';
import { isCalendarDate } from '#core/zoned-day.ts';
import { requireUser } from '../auth/session.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import { MAX_STATIONS_AROUND, STATIONS_AROUND_KM, type TideService } from './tides.service.ts';

/**
 * GET /api/tides (a station's highs and lows of a day) and GET /api/tides/stations (the constants of the stations
 * around a spot, which the phone keeps to predict offline): docs/decisions/035-tides.md. Nothing here calls a
 * provider, so no budget of calls applies; the global per-IP limit covers floods (a day's prediction costs a few
 * milliseconds of CPU).
 */

const FIRST_DATE = '1900-01-01';
const LAST_DATE = '2100-12-31';
const DATE_FORMAT = 'Date must be a day written YYYY-MM-DD, like 2026-07-04';
const DATE_RANGE = `Date must be between ${FIRST_DATE} and ${LAST_DATE}`;

const tideDayQuerySchema = coordinatesQuerySchema.extend({
  /** The station's day; today at the station when absent or empty. */
  date: z
    .string({ error: DATE_FORMAT })
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isCalendarDate(value), DATE_FORMAT)
    .refine((value) => value === undefined || (value >= FIRST_DATE && value <= LAST_DATE), DATE_RANGE),
});

const tideStationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  distanceKm: z.number(),
  datum: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
}) satisfies z.ZodType<TideStationSummary>;

const tideExtremeSchema = z.object({
  time: z.string(),
  type: z.enum(['high', 'low']),
  height: z.number(),
}) satisfies z.ZodType<TideExtreme>;

const tideDaySchema = z.object({
  station: tideStationSummarySchema.nullable(),
  date: z.string().nullable(),
  extremes: z.array(tideExtremeSchema),
  attribution: z.string().nullable(),
}) satisfies z.ZodType<TideDayAnswer>;

const tideConstituentSchema = z.object({ name: z.string(), amplitude: z.number(), phase: z.number() });

const tideStationListingSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
  datum: z.string(),
  datumOffset: z.number(),
  offsets: z
    .object({
      reference: z.string(),
      time: z.object({ high: z.number(), low: z.number() }),
      height: z.object({ high: z.number(), low: z.number(), type: z.enum(['ratio', 'fixed']) }),
    })
    .nullable(),
  attribution: z.string(),
}) satisfies z.ZodType<TideStationListing>;

const tideStationsSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  completeWithinKm: z.number(),
  stations: z.array(tideStationListingSchema),
  constants: z.record(z.string(), z.array(tideConstituentSchema)),
}) satisfies z.ZodType<TideStationsAnswer>;

export async function tidesRoutes(app: FastifyInstance, deps: { tides: TideService }): Promise<void> {
  const dayContract = routeContract({
    summary:
      "The highs and lows (feet above the station's datum) of a day at the tide station nearest a position, " +
      `within ${TIDE_STATION_REACH_KM} km; \`station: null\` where none is (inland)`,
    querystring: tideDayQuerySchema,
    response: { 200: tideDaySchema },
  });
  app.get('/api/tides', dayContract, async (request) => {
    requireUser(request);
    const { lat, lon, date } = parseInput(tideDayQuerySchema, request.query);
    return deps.tides.day(lat, lon, date);
  });

  const stationsContract = routeContract({
    summary:
      `The harmonic constants of the tide stations around a position (at most ${MAX_STATIONS_AROUND}, within ` +
      `${STATIONS_AROUND_KM} km, nearest first), for predicting on the phone`,
    querystring: coordinatesQuerySchema,
    response: { 200: tideStationsSchema },
  });
  app.get('/api/tides/stations', stationsContract, async (request) => {
    requireUser(request);
    const { lat, lon } = parseInput(coordinatesQuerySchema, request.query);
    return deps.tides.stationsAround(lat, lon);
  });
}
