import { describe, expect, it } from 'vitest';
import { skyConditions } from './catch-conditions.ts';
import { timeBand } from './insights.ts';
import { tripEffort } from './trip-effort.ts';
import { zonedHour } from './zoned-day.ts';

const place = { latitude: 46.2, longitude: -93.65 };
const timeZone = 'America/Chicago';
const at = (iso: string) => Date.parse(iso);
const FIVE_MINUTES = 5 * 60_000;

describe('tripEffort', () => {
  it('puts a moment in the bucket a catch at that moment is read in, for every factor of the sky', () => {
    // 5-minute trips every 95 minutes (on the 5-minute marks: one slice each) over six weeks: every sun phase, moon phase and solunar period, both sides
    // of the clock change on 1 November.
    for (let start = at('2026-10-10T00:00:00Z'); start < at('2026-11-20T00:00:00Z'); start += 95 * 60_000) {
      const middle = new Date(start + FIVE_MINUTES / 2);
      const effort = tripEffort({ start, end: start + FIVE_MINUTES }, { place, timeZone });
      const sky = skyConditions(middle, place, timeZone);
      const only = (buckets: Readonly<Record<string, number>> | undefined) => Object.keys(buckets ?? {});
      expect(only(effort.sunPhase)).toEqual([sky.sun?.phase]);
      expect(only(effort.moonPhase)).toEqual([sky.moon?.phase]);
      expect(only(effort.solunar)).toEqual([sky.solunar?.period ?? 'none']);
      expect(only(effort.timeOfDay)).toEqual([timeBand(zonedHour(middle, timeZone))]);
    }
  });

  it('adds up to the trip in every factor it knows', () => {
    const span = { start: at('2026-06-21T01:00:00Z'), end: at('2026-06-21T05:07:00Z') };
    const effort = tripEffort(span, {
      place,
      timeZone,
      weatherAt: (moment) =>
        moment.getTime() < at('2026-06-21T03:00:00Z')
          ? { airTemperature: 68, pressureTendency: 'falling' }
          : { airTemperature: 61, pressureTendency: 'steady' },
      tideStageAt: (moment) => (moment.getTime() < at('2026-06-21T04:00:00Z') ? 'rising' : null),
    });
    for (const factor of [
      'sunPhase',
      'timeOfDay',
      'moonPhase',
      'solunar',
      'pressureTendency',
      'airTemperature',
    ]) {
      const buckets = effort[factor as keyof typeof effort] ?? {};
      expect(
        Object.values(buckets).reduce((total, minutes) => total + minutes, 0),
        factor,
      ).toBeCloseTo(247, 9);
    }
    expect(effort.pressureTendency).toEqual({ falling: 120, steady: 127 });
    expect(effort.airTemperature).toEqual({ '65-80': 120, '50-65': 127 });
    expect(effort.timeOfDay).toEqual({ '20-24': 240, '00-04': 7 });
    expect(effort.tideStage).toEqual({ rising: 180 });
  });

  it('knows only the hour and the moon without a place, and nothing of an unknown weather', () => {
    const span = { start: at('2026-06-21T01:00:00Z'), end: at('2026-06-21T02:00:00Z') };
    const effort = tripEffort(span, { place: null, timeZone, weatherAt: () => null });
    expect(Object.keys(effort).sort()).toEqual(['moonPhase', 'timeOfDay']);
  });
});
