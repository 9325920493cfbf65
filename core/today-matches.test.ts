import { describe, expect, it } from 'vitest';
import { moonPhase } from './astronomy.ts';
import { CONDITIONS_NOT_WORKED_OUT } from './catch.ts';
import type { CatchConditions } from './catch-conditions.ts';
import { sunPhaseAt } from './catch-conditions.ts';
import { EFFORT_SLICE_MINUTES } from './effort.ts';
import { computeInsights, type EffortMinutes, type InsightCatch, type Insights } from './insights.ts';
import {
  type ForecastHour,
  insightsBySpecies,
  type TodayInput,
  todayMatches,
  weatherForecastHours,
  weatherReadingHour,
} from './today-matches.ts';
import { zonedDayWindow, zonedMoment } from './zoned-day.ts';

const MILLE_LACS = { latitude: 46.2408, longitude: -93.6486 };
const ZONE = 'America/Chicago';
/** A summer day at the lake: sunset about 9:05 pm, civil dusk until about 9:45 pm. */
const DATE = '2026-06-15';
const DAY = zonedDayWindow(DATE, ZONE);
const HOUR_MS = 3_600_000;
const at = (time: string) => zonedMoment(DATE, time, ZONE);

/** Every hour of the day steady, but those from `fallingFrom` (local) for `hours` hours falling. */
function forecast(fallingFrom: string, hours: number, airTemperature = 60): ForecastHour[] {
  const falling = at(fallingFrom).getTime();
  const result: ForecastHour[] = [];
  for (let start = DAY.start.getTime(); start < DAY.end.getTime(); start += HOUR_MS) {
    const isFalling = start >= falling && start < falling + hours * HOUR_MS;
    result.push({
      start: new Date(start),
      airTemperature,
      pressureTendency: isFalling ? 'falling' : 'steady',
    });
  }
  return result;
}

function conditions(fields: Partial<CatchConditions>): CatchConditions {
  return { ...CONDITIONS_NOT_WORKED_OUT, status: 'complete', ...fields };
}

function catchAt(tripId: number, sun: 'day' | 'dusk', pressure: 'falling' | 'steady', fishType = 'Walleye') {
  const item: InsightCatch = {
    fishType,
    quantity: 1,
    tripId,
    baitUsed: null,
    waterTemperature: null,
    timeOfDay: null,
    isTestCatch: false,
    conditions: conditions({
      sun: { phase: sun, sunrise: null, sunset: null },
      weather: {
        airTemperature: 60,
        description: 'clear sky',
        condition: 'Clear',
        windSpeed: 5,
        windDirection: null,
        cloudCover: null,
        precipitation: null,
        humidity: null,
        pressure: 30,
        pressureChange3h: pressure === 'falling' ? -0.05 : 0,
        pressureTendency: pressure,
      },
    }),
  };
  return item;
}

/**
 * Twelve evening trips of 3 hours: 2 hours of daylight and 1 of dusk, the pressure falling in 1 hour of each. The
 * walleye came at dusk with the pressure falling (24), a few in daylight (4); the perch, 6 of them, anywhere.
 */
function duskWalleyeLog() {
  const effort: EffortMinutes = {
    sunPhase: { day: 120, dusk: 60 },
    pressureTendency: { steady: 120, falling: 60 },
  };
  const trips = Array.from({ length: 12 }, (_, index) => ({
    id: index + 1,
    spotId: null,
    durationMinutes: 180,
    effort,
  }));
  const catches: InsightCatch[] = [];
  for (let i = 0; i < 24; i++) catches.push(catchAt((i % 12) + 1, 'dusk', 'falling'));
  for (let i = 0; i < 4; i++)
    catches.push(catchAt(i + 1, 'day', 'steady', i % 2 === 0 ? 'walleye' : 'Wall-eye'));
  for (let i = 0; i < 6; i++) catches.push(catchAt(i + 1, 'day', 'steady', 'Perch'));
  return { catches, trips };
}

function input(insights: TodayInput['insights'], fields: Partial<TodayInput> = {}): TodayInput {
  return {
    insights,
    day: DAY,
    place: MILLE_LACS,
    timeZone: ZONE,
    forecastHours: forecast('20:00', 3),
    tideTurns: null,
    ...fields,
  };
}

/** Every effort slice's middle within a window. */
function middles(window: { start: Date; end: Date }): Date[] {
  const step = EFFORT_SLICE_MINUTES * 60_000;
  const result: Date[] = [];
  for (let start = window.start.getTime(); start < window.end.getTime(); start += step) {
    result.push(new Date(start + step / 2));
  }
  return result;
}

/** Hand-made insights with one clear effect per entry (the other figures as computeInsights would give them). */
function insightsWith(
  effects: { factor: Insights['effort'][number]['factor']; bucket: string; low: number }[],
) {
  const insights = computeInsights([], []);
  for (const { factor, bucket, low } of effects) {
    const entry = insights.effort.find((item) => item.factor === factor);
    entry?.buckets.push({
      bucket,
      catches: 20,
      hours: 5,
      rate: 4,
      restRate: 1,
      ratio: 4,
      low,
      high: 10,
      verdict: 'clear-effect',
    });
  }
  return insights;
}

describe('todayMatches', () => {
  it('finds the walleye log’s dusk with falling pressure in the hours today’s forecast has the pressure falling', () => {
    const { catches, trips } = duskWalleyeLog();
    const bySpecies = insightsBySpecies(catches, trips);
    // 'walleye' and 'Wall-eye' are the walleye too; the perch have too few fish to tell anything.
    expect(bySpecies.map((entry) => entry.species)).toEqual([null, 'Walleye', 'Perch']);

    // The pressure falls from 9 pm to midnight: dusk after 9 pm only.
    const matches = todayMatches(input(bySpecies, { forecastHours: forecast('21:00', 3) }));
    const walleye = matches.find((match) => match.species === 'Walleye');
    expect(walleye?.conditions.map((c) => `${c.factor}:${c.bucket}`).sort()).toEqual([
      'pressureTendency:falling',
      'sunPhase:dusk',
    ]);
    const dusk = walleye?.conditions.find((c) => c.factor === 'sunPhase');
    expect(dusk).toMatchObject({ catches: 24, hours: 12 });
    expect(dusk?.rate).toBeCloseTo(2, 10);
    expect(dusk?.low).toBeGreaterThan(1);
    expect(walleye?.windows).toHaveLength(1);
    const [window] = walleye?.windows ?? [];
    if (!window) throw new Error('no window');
    // On the 5-minute marks: every slice in it is dusk in a falling hour, the slices either side are not.
    const step = EFFORT_SLICE_MINUTES * 60_000;
    expect(window.start.getTime() % step).toBe(0);
    expect(window.start.getTime()).toBeGreaterThanOrEqual(at('21:00').getTime());
    const duskWhileFalling = (middle: Date) =>
      sunPhaseAt(middle, MILLE_LACS) === 'dusk' && middle.getTime() >= at('21:00').getTime();
    for (const middle of middles(window)) expect(duskWhileFalling(middle)).toBe(true);
    expect(duskWhileFalling(new Date(window.start.getTime() - step / 2))).toBe(false);
    expect(duskWhileFalling(new Date(window.end.getTime() + step / 2))).toBe(false);
    expect(window.end.getTime() - window.start.getTime()).toBeGreaterThan(30 * 60_000);
    // The perch have nothing clear to say, and all fish would say what the walleye say.
    expect(matches.map((match) => match.species)).toEqual(['Walleye']);
  });

  it('falls back to the strongest effect alone when the effects never hold together today', () => {
    const { catches, trips } = duskWalleyeLog();
    // Falling only in the morning: dusk and falling pressure never meet.
    const matches = todayMatches(
      input(insightsBySpecies(catches, trips), { forecastHours: forecast('08:00', 2) }),
    );
    const walleye = matches.find((match) => match.species === 'Walleye');
    expect(walleye?.conditions).toHaveLength(1);
    const [strongest] = walleye?.conditions ?? [];
    const walleyeInsights = insightsBySpecies(catches, trips).find((entry) => entry.species === 'Walleye');
    const lows = walleyeInsights?.insights.effort
      .flatMap((factor) => factor.buckets)
      .filter((bucket) => bucket.verdict === 'clear-effect' && (bucket.ratio ?? 0) > 1)
      .map((bucket) => bucket.low ?? 0);
    expect(strongest?.low).toBe(Math.max(...(lows ?? [])));
    expect(walleye?.windows.length).toBeGreaterThan(0);
  });

  it('says nothing for a log with no clear effect', () => {
    const { catches, trips } = duskWalleyeLog();
    // The same hours, the fish spread as the hours are: nothing stands out.
    const even = catches.map((item, index) =>
      index % 3 === 0
        ? catchAt(item.tripId ?? 1, 'dusk', 'falling')
        : catchAt(item.tripId ?? 1, 'day', 'steady'),
    );
    expect(todayMatches(input(insightsBySpecies(even, trips)))).toEqual([]);
    expect(todayMatches(input(insightsBySpecies([], [])))).toEqual([]);
    expect(todayMatches(input([]))).toEqual([]);
  });

  it('leaves out an effect worse than the rest and the spot', () => {
    const worse = insightsWith([]);
    worse.effort
      .find((factor) => factor.factor === 'sunPhase')
      ?.buckets.push({
        bucket: 'day',
        catches: 2,
        hours: 20,
        rate: 0.1,
        restRate: 2,
        ratio: 0.05,
        low: 0.01,
        high: 0.4,
        verdict: 'clear-effect',
      });
    const spot = insightsWith([{ factor: 'spot', bucket: '7', low: 3 }]);
    expect(todayMatches(input([{ species: null, insights: worse }]))).toEqual([]);
    expect(todayMatches(input([{ species: null, insights: spot }]))).toEqual([]);
  });

  it('holds a moon phase effect all day on a day of that phase, and not at all on another', () => {
    // 2026-06-29 is a full moon on Chicago's clocks; the 15th is not.
    const fullMoonDay = zonedDayWindow('2026-06-29', ZONE);
    expect(moonPhase(fullMoonDay, fullMoonDay.start).name).toBe('Full Moon');
    const insights = [
      { species: 'Walleye', insights: insightsWith([{ factor: 'moonPhase', bucket: 'Full Moon', low: 2 }]) },
    ];

    const [onFullMoon] = todayMatches(input(insights, { day: fullMoonDay, forecastHours: [] }));
    expect(onFullMoon?.windows).toEqual([{ start: fullMoonDay.start, end: fullMoonDay.end }]);

    const [onOtherDay] = todayMatches(input(insights));
    expect(onOtherDay).toMatchObject({ species: 'Walleye', windows: [] });
    expect(onOtherDay?.conditions.map((c) => c.bucket)).toEqual(['Full Moon']);
  });

  it('reads the hour band on the place’s clocks and the tide between its turns', () => {
    const insights = [
      {
        species: null,
        insights: insightsWith([
          { factor: 'timeOfDay', bucket: '04-08', low: 2 },
          { factor: 'tideStage', bucket: 'rising', low: 1.5 },
        ]),
      },
    ];
    const turns = [
      { time: at('01:00'), type: 'low' as const, height: 1 },
      { time: at('06:30'), type: 'high' as const, height: 5 },
      { time: at('12:45'), type: 'low' as const, height: 1 },
      { time: at('19:00'), type: 'high' as const, height: 5 },
    ];
    const [match] = todayMatches(input(insights, { tideTurns: turns }));
    // 4–8 am and rising (01:00–06:30): 4:00–6:30.
    expect(match?.windows).toEqual([{ start: at('04:00'), end: at('06:30') }]);
    // No station near: a tide effect never holds, so the hour band alone does.
    const [inland] = todayMatches(input(insights, { tideTurns: null }));
    expect(inland?.conditions.map((c) => c.factor)).toEqual(['timeOfDay']);
    expect(inland?.windows).toEqual([{ start: at('04:00'), end: at('08:00') }]);
  });

  it('matches the air temperature band hour by hour, and solunar periods from the moon’s passes', () => {
    const warm = forecast('00:00', 0).map((hour) => ({
      ...hour,
      airTemperature: hour.start >= at('14:00') && hour.start < at('17:00') ? 70 : 60,
    }));
    const air = [
      { species: null, insights: insightsWith([{ factor: 'airTemperature', bucket: '65-80', low: 2 }]) },
    ];
    expect(todayMatches(input(air, { forecastHours: warm }))[0]?.windows).toEqual([
      { start: at('14:00'), end: at('17:00') },
    ]);

    const major = [
      { species: null, insights: insightsWith([{ factor: 'solunar', bucket: 'major', low: 2 }]) },
    ];
    const windows = todayMatches(input(major))[0]?.windows ?? [];
    // The moon passes overhead and underfoot once each about every day: one or two windows of about 2 hours.
    expect(windows.length).toBeGreaterThanOrEqual(1);
    for (const window of windows) {
      expect(window.end.getTime() - window.start.getTime()).toBeLessThanOrEqual(2 * HOUR_MS + 5 * 60_000);
    }
  });

  it('puts what holds today first, then the surest, and says at most three', () => {
    const entry = (species: string, low: number) => ({
      species,
      insights: insightsWith([{ factor: 'sunPhase', bucket: 'dawn', low }]),
    });
    const notToday = {
      species: 'Pike',
      insights: insightsWith([{ factor: 'moonPhase', bucket: 'New Moon', low: 9 }]),
    };
    const matches = todayMatches(
      input([entry('A', 1.2), entry('B', 3), notToday, entry('C', 2), entry('D', 1.5)]),
    );
    expect(matches.map((match) => match.species)).toEqual(['B', 'C', 'D']);
  });
});

describe('weatherReadingHour', () => {
  it('reads a weather answer as its hour, with the tendency catches use', () => {
    expect(
      weatherReadingHour({
        observedAt: '2026-06-15T22:15:00.000Z',
        temperature: 58.3,
        pressureChange3h: -0.04,
      }),
    ).toEqual({
      start: new Date('2026-06-15T22:00:00.000Z'),
      airTemperature: 58.3,
      pressureTendency: 'falling',
    });
    expect(
      weatherReadingHour({
        observedAt: '2026-06-15T22:15:00.000Z',
        temperature: 58.3,
        pressureChange3h: null,
      }),
    ).toMatchObject({ pressureTendency: null });
    expect(weatherReadingHour({ observedAt: 'soon', temperature: 1, pressureChange3h: 0 })).toBeNull();
  });
});

describe('weatherForecastHours', () => {
  const reading = { observedAt: '2026-06-15T22:15:00.000Z', temperature: 58.3, pressureChange3h: -0.04 };

  it('reads the answer’s forecast hours, and the dusk window holds only in those the pressure falls', () => {
    // The answer's hours from 5 pm local: the pressure falls from 9 pm on (the hours start on the hour, UTC).
    const hours = forecast('21:00', 3)
      .filter((hour) => hour.start.getTime() >= at('17:00').getTime())
      .map((hour) => ({
        start: hour.start.toISOString(),
        temperature: hour.airTemperature,
        pressureHpa: 1010,
        pressureTendency: hour.pressureTendency,
      }));
    const forecastHours = weatherForecastHours({ ...reading, hours });
    expect(forecastHours).toHaveLength(hours.length);
    expect(forecastHours[0]).toEqual({ start: at('17:00'), airTemperature: 60, pressureTendency: 'steady' });

    const { catches, trips } = duskWalleyeLog();
    const [walleye] = todayMatches(input(insightsBySpecies(catches, trips), { forecastHours }));
    const [window] = walleye?.windows ?? [];
    expect(walleye?.conditions).toHaveLength(2);
    expect(window?.start.getTime()).toBeGreaterThanOrEqual(at('21:00').getTime());
    for (const middle of middles(window ?? { start: DAY.end, end: DAY.end })) {
      expect(sunPhaseAt(middle, MILLE_LACS)).toBe('dusk');
    }
  });

  it('falls back to the hour of the reading for an answer kept from before the forecast', () => {
    expect(weatherForecastHours(reading)).toEqual([weatherReadingHour(reading)]);
    expect(weatherForecastHours({ ...reading, hours: null })).toEqual([weatherReadingHour(reading)]);
    expect(weatherForecastHours({ ...reading, hours: [] })).toEqual([weatherReadingHour(reading)]);
    expect(weatherForecastHours({ ...reading, observedAt: 'soon' })).toEqual([]);
  });
});
