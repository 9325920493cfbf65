import type { Catch, CatchCreatePayload } from '#core/catch.ts';
import { CONDITIONS_NOT_WORKED_OUT } from '#core/catch.ts';
import { catchMoment, skyConditions } from '#core/catch-conditions.ts';

/**
 * When a catch still on the phone was caught and its sky then, worked out on the phone as the server will
 * (core/catch-conditions.ts), so History shows its sun, moon and solunar period at once, offline too. Read on the
 * clocks of the zone the phone was in when it was saved (`payload.timeZone`; the phone's zone now for a payload kept
 * from before it was sent). The weather is the server's: pending until the catch is synced. Loaded lazily
 * (use-phone-conditions.ts): the astronomy is not part of History's first load.
 */
export function phoneConditions(
  payload: CatchCreatePayload,
  phoneZone: string,
): Pick<Catch, 'caughtAt' | 'conditions'> {
  const timeZone = payload.timeZone ?? phoneZone;
  const moment = catchMoment(payload, timeZone);
  if (moment === null) {
    return { caughtAt: payload.createdAt, conditions: CONDITIONS_NOT_WORKED_OUT };
  }
  const place =
    payload.latitude !== null && payload.longitude !== null
      ? { latitude: payload.latitude, longitude: payload.longitude }
      : null;
  return {
    caughtAt: moment.toISOString(),
    conditions: { status: 'pending', weather: null, ...skyConditions(moment, place, timeZone), tide: null },
  };
}
