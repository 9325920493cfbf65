import { describe, expect, it } from 'vitest';
import { tideStateAt } from '#core/tide-prediction.ts';
import { keptStationAt } from '#core/tides.ts';
import { testTideStations } from '../test-support/test-app.ts';
import { TideService } from './tides.service.ts';

/** The tide at a catch's place and moment: what the conditions of a catch take (TideService.tideAt). */
describe('the tide at a place and a moment', () => {
  const tides = new TideService(testTideStations(), { now: () => new Date('2026-11-26T12:00:00Z') });

  it('at a coastal catch: the station, the height, rising or falling, the minutes either side and the fraction', async () => {
    // Boston, 10:00 EDT on 2025-10-22: NOAA publishes low water at 06:15 (1.085 ft) and high water at 12:24
    // (10.093 ft); we predict 06:15 and 12:25.
    const tide = await tides.tideAt(42.3548, -71.0503, new Date('2025-10-22T14:00:00Z'));
    expect(tide).toEqual({
      stationId: 'noaa/8443970',
      stationName: 'Boston',
      distanceKm: 0.1,
      height: expect.any(Number),
      stage: 'rising',
      minutesSinceLastTurn: 225,
      minutesToNextTurn: 145,
      rangeFraction: expect.any(Number),
    });
    // Part of the way up from 1.06 ft towards 10.11 ft.
    expect(tide?.height).toBeGreaterThan(1.06);
    expect(tide?.height).toBeLessThan(10.11);
    expect(tide?.rangeFraction).toBeCloseTo(((tide?.height as number) - 1.06) / (10.11 - 1.06), 2);
    // Falling after the high.
    const later = await tides.tideAt(42.3548, -71.0503, new Date('2025-10-22T17:00:00Z'));
    expect(later).toMatchObject({ stage: 'falling', minutesSinceLastTurn: 35 });
  });

  it('is null inland', async () => {
    expect(await tides.tideAt(39.0968, -120.0324, new Date('2025-10-22T14:00:00Z'))).toBeNull();
  });

  it('is what the phone works out from the stations it keeps', async () => {
    const moment = new Date('2026-07-04T09:37:00Z');
    const server = await tides.tideAt(40.7, -74.0, moment);
    const kept = await tides.stationsAround(40.7, -74.0);
    const found = keptStationAt([kept], 40.7, -74.0);
    const phone = found && tideStateAt(found.station, moment);
    expect(server?.stationId).toBe(found?.station.id);
    expect(phone).toMatchObject({
      height: server?.height,
      stage: server?.stage,
      minutesSinceLastTurn: server?.minutesSinceLastTurn,
      minutesToNextTurn: server?.minutesToNextTurn,
      rangeFraction: server?.rangeFraction,
    });
  });
});
