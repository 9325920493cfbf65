import { type CatchConditions, catchMoment, skyConditions } from '#core/catch-conditions.ts';
import { isKnownTimeZone } from '#core/zoned-day.ts';
import { timeZoneAt } from './time-zone.ts';

/** The weather provider's archive begins in 1940: no weather can be had for an earlier catch. */
export const WEATHER_RECORDS_BEGIN = '1940-01-01T00:00:00.000Z';

/** What the moment of a catch is read from. */
export interface CatchMomentFields {
  catchDate: string | null;
  timeOfDay: string | null;
  createdAt: string;
  latitude: number | null;
  longitude: number | null;
}

export interface WorkedOutSky {
  /** ISO 8601 UTC; null when not even the save time can be read. */
  caughtAt: string | null;
  /** The zone the moment was read in: the place's, else the phone's, else UTC. */
  timeZone: string;
  /** Everything but the weather. `status` is 'pending' while the weather is still to be asked for. */
  conditions: CatchConditions;
  /** Whether the weather provider should be asked for the hour of `caughtAt` at the position. */
  weatherDue: boolean;
}

function placeOf(fields: Pick<CatchMomentFields, 'latitude' | 'longitude'>) {
  return fields.latitude !== null && fields.longitude !== null
    ? { latitude: fields.latitude, longitude: fields.longitude }
    : null;
}

/** The zone a catch's moment is read in: its place's, else the phone's, else UTC. */
export function catchTimeZone(
  fields: Pick<CatchMomentFields, 'latitude' | 'longitude'>,
  phoneTimeZone: string | null,
): string {
  const place = placeOf(fields);
  return (
    (place && timeZoneAt(place.latitude, place.longitude)) ??
    (phoneTimeZone && isKnownTimeZone(phoneTimeZone) ? phoneTimeZone : 'UTC')
  );
}

/**
 * The moment and the sky of a catch, worked out on the server without any provider (so at once, on save):
 * - a position and a moment from 1940 to now: the sky, and the weather is due ('pending');
 * - a position but an impossible moment (the future, before 1940): the sky where it can be computed, 'partial';
 * - no position: only the moon, which is the same for the whole Earth, 'partial';
 * - no moment at all: 'unavailable'.
 */
export function workOutSky(fields: CatchMomentFields, phoneTimeZone: string | null, now: Date): WorkedOutSky {
  const place = placeOf(fields);
  const timeZone = catchTimeZone(fields, phoneTimeZone);
  const moment = catchMoment(fields, timeZone);
  if (moment === null) {
    return {
      caughtAt: null,
      timeZone,
      conditions: { status: 'unavailable', weather: null, sun: null, moon: null, solunar: null, tide: null },
      weatherDue: false,
    };
  }
  const sky = skyConditions(moment, place, timeZone);
  const caughtAt = moment.toISOString();
  const weatherDue = place !== null && caughtAt >= WEATHER_RECORDS_BEGIN && moment.getTime() <= now.getTime();
  return {
    caughtAt,
    timeZone,
    conditions: { status: weatherDue ? 'pending' : 'partial', weather: null, ...sky, tide: null },
    weatherDue,
  };
}

/** Conditions as a catch row keeps them (JSON); those kept before conditions had a tide read as without one. */
export function readStoredConditions(json: string): CatchConditions {
  const stored = JSON.parse(json) as Omit<CatchConditions, 'tide'> & Partial<Pick<CatchConditions, 'tide'>>;
  return { ...stored, tide: stored.tide ?? null };
}
