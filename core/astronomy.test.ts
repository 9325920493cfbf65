import { describe, expect, it } from 'vitest';
import {
  apparentPositions,
  CIVIL_TWILIGHT_ALTITUDE,
  type DayWindow,
  localDayWindow,
  moonAgeDays,
  moonDay,
  moonPhase,
  type RiseSet,
  SUNRISE_ALTITUDE,
  skyDay,
  solunarPeriods,
  sunAltitude,
  sunDay,
} from './astronomy.ts';

/**
 * Published values: Meeus's worked examples (Astronomical Algorithms, 2nd ed.), the US Naval Observatory's
 * rise/set tables (aa.usno.navy.mil "Rise and Set for the Sun/Moon for One Year", Universal Time, and its
 * "Sun and Moon Data for One Day") and the NASA catalogue times of eclipse full and new moons.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The Universal Time day 'yyyy-mm-dd', as the USNO's yearly tables list events. */
function utcDay(date: string): DayWindow {
  const start = new Date(`${date}T00:00:00Z`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** The day of a place whose clock is `offsetHours` from UTC. */
function zonedDay(date: string, offsetHours: number): DayWindow {
  const start = new Date(new Date(`${date}T00:00:00Z`).getTime() - offsetHours * 3_600_000);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** `actual` within `minutes` of the published `expected` (USNO prints times rounded to the minute). */
function expectNear(actual: Date | null, expected: string, minutes = 2): void {
  expect(actual, `expected ${expected}`).not.toBeNull();
  const difference = Math.abs((actual?.getTime() ?? 0) - new Date(expected).getTime()) / MINUTE;
  expect(difference, `${actual?.toISOString()} vs ${expected}`).toBeLessThanOrEqual(minutes);
}

function expectEvents(found: RiseSet, rise: string | null, set: string | null): void {
  if (rise === null) expect(found.rise).toBeNull();
  else expectNear(found.rise, rise);
  if (set === null) expect(found.set).toBeNull();
  else expectNear(found.set, set);
  expect(found.alwaysUp).toBe(false);
  expect(found.alwaysDown).toBe(false);
}

const julianCenturies = (julianEphemerisDay: number) => (julianEphemerisDay - 2_451_545) / 36_525;

describe("positions (Meeus's worked examples)", () => {
  it('the sun on 1992 October 13.0 TD (example 25.a): RA 198.38083°, declination -7.78507°', () => {
    const { sun } = apparentPositions(julianCenturies(2_448_908.5));
    expect(sun.rightAscension).toBeCloseTo(198.38083, 2);
    expect(sun.declination).toBeCloseTo(-7.78507, 2);
  });

  it('the moon on 1992 April 12.0 TD (example 47.a): λ 133.167265°, β -3.229126°, 368,409.7 km, RA 134.688470°, declination 13.768368°', () => {
    const { moon } = apparentPositions(julianCenturies(2_448_724.5));
    expect(Math.abs(moon.longitude - 133.167265)).toBeLessThan(0.003);
    expect(Math.abs(moon.latitude - -3.229126)).toBeLessThan(0.003);
    expect(Math.abs(moon.distanceKm - 368_409.7)).toBeLessThan(20);
    expect(Math.abs(moon.rightAscension - 134.68847)).toBeLessThan(0.003);
    expect(Math.abs(moon.declination - 13.768368)).toBeLessThan(0.003);
  });
});

describe('sunrise, sunset and civil twilight (US Naval Observatory, ±2 minutes)', () => {
  it('Washington, DC (W77.0 N38.9) on 20 March 2002, EST: dawn 5:45, sunrise 6:12, sunset 6:21 pm, dusk 6:47 pm', () => {
    const { sun, civilTwilight } = sunDay(zonedDay('2002-03-20', -5), { latitude: 38.9, longitude: -77 });
    expectEvents(sun, '2002-03-20T06:12-05:00', '2002-03-20T18:21-05:00');
    expectEvents(civilTwilight, '2002-03-20T05:45-05:00', '2002-03-20T18:47-05:00');
  });

  it('Cape May, NJ (W74.9 N38.9) on 20 March 2002, EST: dawn 5:37, sunrise 6:04, sunset 6:12 pm, dusk 6:39 pm', () => {
    const { sun, civilTwilight } = sunDay(zonedDay('2002-03-20', -5), { latitude: 38.9, longitude: -74.9 });
    expectEvents(sun, '2002-03-20T06:04-05:00', '2002-03-20T18:12-05:00');
    expectEvents(civilTwilight, '2002-03-20T05:37-05:00', '2002-03-20T18:39-05:00');
  });

  it.for([
    ['2019-01-01', '12:18', '22:38'],
    ['2019-03-10', '11:40', '23:29'],
    ['2019-09-23', '11:13', '23:20'],
    ['2019-12-31', '12:17', '22:37'],
  ] as const)('W81 N29 (central Florida) on %s UT: sunrise %s, sunset %s', ([date, rise, set]) => {
    const { sun } = sunDay(utcDay(date), { latitude: 29, longitude: -81 });
    expectEvents(sun, `${date}T${rise}Z`, `${date}T${set}Z`);
  });

  it("W81 N29 on 21 June 2019 UT: the day's sunset is the evening before's (00:26), sunrise 10:26", () => {
    const { sun } = sunDay(utcDay('2019-06-21'), { latitude: 29, longitude: -81 });
    expectEvents(sun, '2019-06-21T10:26Z', '2019-06-21T00:26Z');
  });

  it('N80 (Svalbard) in 2019: polar night on 1 January, midnight sun on 21 June, and the days between', () => {
    const svalbard = { latitude: 80, longitude: 0 };
    const night = sunDay(utcDay('2019-01-01'), svalbard).sun;
    expect(night).toEqual({ rise: null, set: null, alwaysUp: false, alwaysDown: true });
    const midnightSun = sunDay(utcDay('2019-06-21'), svalbard).sun;
    expect(midnightSun).toEqual({ rise: null, set: null, alwaysUp: true, alwaysDown: false });
    // The first sunrise after the polar night, a March day, and the last sunrise before the midnight sun.
    expectEvents(sunDay(utcDay('2019-02-21'), svalbard).sun, '2019-02-21T11:20Z', '2019-02-21T13:10Z');
    expectEvents(sunDay(utcDay('2019-03-01'), svalbard).sun, '2019-03-01T09:02Z', '2019-03-01T15:25Z');
    expectEvents(sunDay(utcDay('2019-04-13'), svalbard).sun, '2019-04-13T00:57Z', null);
  });

  it('gives a date or null for every event, never an invalid date, anywhere on Earth through the year', () => {
    for (let latitude = -90; latitude <= 90; latitude += 7.5) {
      for (const date of ['2024-01-15', '2024-03-20', '2024-06-21', '2024-09-22', '2024-12-21']) {
        const day = utcDay(date);
        const { sun, moon } = skyDay({ latitude, longitude: 13.4 }, new Date(`${date}T12:00Z`), day);
        for (const found of [sun.sun, sun.civilTwilight, moon]) {
          for (const at of [found.rise, found.set]) {
            if (at === null) continue;
            expect(Number.isFinite(at.getTime())).toBe(true);
            expect(at >= day.start && at <= day.end).toBe(true);
          }
          // No event at all means the body stayed on one side of the horizon, and says which.
          if (found.rise === null && found.set === null)
            expect(found.alwaysUp !== found.alwaysDown).toBe(true);
          else expect(found.alwaysUp || found.alwaysDown).toBe(false);
        }
      }
    }
  });

  it('refuses coordinates that are not on Earth', () => {
    const day = utcDay('2024-06-21');
    expect(() => sunDay(day, { latitude: Number.NaN, longitude: 0 })).toThrow(RangeError);
    expect(() => sunDay(day, { latitude: 91, longitude: 0 })).toThrow(RangeError);
    expect(() => moonDay(day, { latitude: 0, longitude: 181 })).toThrow(RangeError);
  });
});

describe('moonrise and moonset (US Naval Observatory, ±2 minutes)', () => {
  it.for([
    ['2019-01-01', '08:12', '19:34'],
    ['2019-01-07', '13:27', null],
    ['2019-01-22', null, '13:32'],
    ['2019-03-15', '17:51', '07:07'],
    ['2019-06-13', '20:55', '07:48'],
    ['2019-09-14', null, '11:24'],
    ['2019-12-14', '00:01', '14:22'],
  ] as const)('W81 N29 on %s UT: moonrise %s, moonset %s', ([date, rise, set]) => {
    const moon = moonDay(utcDay(date), { latitude: 29, longitude: -81 });
    expectEvents(moon, rise && `${date}T${rise}Z`, set && `${date}T${set}Z`);
  });

  it('N80 in 2019: the moon down all of 1 January, up all of 16 January, rising and setting on 11 January', () => {
    const north = { latitude: 80, longitude: 0 };
    expect(moonDay(utcDay('2019-01-01'), north)).toMatchObject({ rise: null, set: null, alwaysDown: true });
    expect(moonDay(utcDay('2019-01-16'), north)).toMatchObject({ rise: null, set: null, alwaysUp: true });
    expectEvents(moonDay(utcDay('2019-01-11'), north), '2019-01-11T13:31Z', '2019-01-11T19:32Z');
  });

  it('passes overhead between rise and set and underfoot about half a day away', () => {
    const moon = moonDay(utcDay('2019-01-01'), { latitude: 29, longitude: -81 });
    expect(moon.overhead).toHaveLength(1);
    const [overhead] = moon.overhead;
    expect(overhead && moon.rise && moon.set && overhead > moon.rise && overhead < moon.set).toBe(true);
    expect(moon.underfoot).toHaveLength(1);
    const apart = Math.abs((moon.underfoot[0]?.getTime() ?? 0) - (overhead?.getTime() ?? 0)) / 3_600_000;
    expect(apart).toBeGreaterThan(11.5);
    expect(apart).toBeLessThan(13.5);
  });
});

describe('moon phase', () => {
  it.for([
    ['Full Moon', '2019-01-21T05:16Z'],
    ['Full Moon', '2019-07-16T21:38Z'],
    ['Full Moon', '2024-09-18T02:34Z'],
    ['New Moon', '2000-01-06T18:14Z'],
    ['New Moon', '2024-04-08T18:21Z'],
  ] as const)(
    'names the day of the %s of %s (eclipse times, NASA) and finds its instant within 3 minutes',
    ([name, instant]) => {
      const moment = new Date(instant);
      const phase = moonPhase(utcDay(instant.slice(0, 10)), moment);
      expect(phase.name).toBe(name);
      expectNear(phase.principalAt, instant, 3);
      if (name === 'Full Moon') expect(phase.illumination).toBeGreaterThan(0.995);
      else expect(phase.illumination).toBeLessThan(0.005);
    },
  );

  it('between the principal phases: waning gibbous four days after full, waxing crescent three days after new', () => {
    const waning = moonPhase(utcDay('2019-01-25'), new Date('2019-01-25T05:16Z'));
    expect(waning).toMatchObject({ name: 'Waning Gibbous', waxing: false, principalAt: null });
    expect(waning.illumination).toBeGreaterThan(0.7);
    expect(waning.illumination).toBeLessThan(0.9);
    const crescent = moonPhase(utcDay('2024-04-11'), new Date('2024-04-11T18:21Z'));
    expect(crescent).toMatchObject({ name: 'Waxing Crescent', waxing: true, principalAt: null });
    expect(crescent.illumination).toBeGreaterThan(0.05);
    expect(crescent.illumination).toBeLessThan(0.2);
  });

  it('the quarter in between: half lit, on the day whose instant it holds', () => {
    // A week after the full moon of 21 January 2019 comes the last quarter; find its day by scanning.
    const days = Array.from({ length: 10 }, (_, i) =>
      new Date(Date.UTC(2019, 0, 23 + i)).toISOString().slice(0, 10),
    );
    const quarters = days
      .map((date) => ({ date, phase: moonPhase(utcDay(date), new Date(`${date}T12:00Z`)) }))
      .filter(({ phase }) => phase.name === 'Last Quarter');
    expect(quarters).toHaveLength(1);
    const at = quarters[0]?.phase.principalAt;
    expect(at).not.toBeNull();
    const exact = moonPhase(utcDay(quarters[0]?.date ?? ''), at ?? new Date(0));
    expect(exact.illumination).toBeGreaterThan(0.47);
    expect(exact.illumination).toBeLessThan(0.53);
  });
});

describe('solunar periods (folklore)', () => {
  it('puts a two-hour major period on each pass overhead and underfoot and a one-hour minor on rise and set, in order', () => {
    const moon = moonDay(utcDay('2019-01-01'), { latitude: 29, longitude: -81 });
    const periods = solunarPeriods(moon);
    expect(periods.map((period) => period.kind).sort()).toEqual(['major', 'major', 'minor', 'minor']);
    for (const period of periods) {
      const hours = (period.end.getTime() - period.start.getTime()) / 3_600_000;
      expect(hours).toBe(period.kind === 'major' ? 2 : 1);
    }
    const starts = periods.map((period) => period.start.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const centres = periods.map((period) => (period.start.getTime() + period.end.getTime()) / 2);
    expect(centres).toContain(moon.rise?.getTime());
    expect(centres).toContain(moon.overhead[0]?.getTime());
  });

  it("cuts a period around midnight to the day's part of it", () => {
    // Moonrise at 00:01 UT on 14 December 2019 (W81 N29): its minor period starts at midnight, not before.
    const day = utcDay('2019-12-14');
    const moon = moonDay(day, { latitude: 29, longitude: -81 });
    const [first] = solunarPeriods(moon, day);
    expect(first?.kind).toBe('minor');
    expect(first?.start).toEqual(day.start);
    expect(((first?.end.getTime() ?? 0) - day.start.getTime()) / MINUTE).toBeGreaterThan(29);
    expect(((first?.end.getTime() ?? 0) - day.start.getTime()) / MINUTE).toBeLessThan(33);
    for (const period of solunarPeriods(moon, day)) {
      expect(period.start >= day.start && period.end <= day.end).toBe(true);
    }
  });
});

describe('the day', () => {
  it("is the phone's calendar day, 23 or 25 hours long on a clock change", () => {
    const day = localDayWindow(new Date(2024, 2, 10, 15, 30));
    expect(day.start).toEqual(new Date(2024, 2, 10));
    expect(day.end).toEqual(new Date(2024, 2, 11));
  });
});

describe("the sun's altitude at a moment", () => {
  it('stands at the sunrise and twilight altitudes at the instants sunDay finds, climbing in the morning', () => {
    for (const place of [
      { latitude: 38.9, longitude: -77 },
      { latitude: -33.87, longitude: 151.21 },
      { latitude: 64.84, longitude: -147.72 },
    ]) {
      const { sun, civilTwilight } = sunDay(utcDay('2026-03-20'), place);
      const events = [
        [sun.rise, SUNRISE_ALTITUDE, true],
        [sun.set, SUNRISE_ALTITUDE, false],
        [civilTwilight.rise, CIVIL_TWILIGHT_ALTITUDE, true],
        [civilTwilight.set, CIVIL_TWILIGHT_ALTITUDE, false],
      ] as const;
      for (const [at, altitude, rising] of events) {
        if (at === null) continue;
        const found = sunAltitude(at, place);
        // Found to a second, in which the sun moves at most 0.004°.
        expect(Math.abs(found.altitude - altitude), at.toISOString()).toBeLessThan(0.01);
        expect(found.rising, at.toISOString()).toBe(rising);
      }
    }
  });
});

describe("the moon's age", () => {
  // US Naval Observatory "Phases of the Moon" (aa.usno.navy.mil/data/MoonPhases), UT: new moons of 10 March
  // 09:00 and 8 April 18:21 2024, 28 February 00:45 and 29 March 10:58 2025.
  const newMoons = [
    ['2024-03-10T09:00Z', '2024-04-08T18:21Z'],
    ['2025-02-28T00:45Z', '2025-03-29T10:58Z'],
  ] as const;

  it.for(newMoons)(
    'starts again at the new moon of %s: a month old 5 minutes before, 5 minutes old after',
    ([previous, instant]) => {
      const at = Date.parse(instant);
      const month = (at - Date.parse(previous)) / DAY;
      // Each published instant is rounded to the minute and the ephemeris finds each within about 3 minutes, so
      // the month between two of them is good to about 6.
      expect(Math.abs(moonAgeDays(new Date(at - 5 * MINUTE)) - month)).toBeLessThan(6 / 1440);
      expect(moonAgeDays(new Date(at + 5 * MINUTE))).toBeLessThan(8 / 1440);
      expect(moonAgeDays(new Date(at + 5 * MINUTE))).toBeGreaterThanOrEqual(0);
    },
  );

  it('grows by the hour and wraps only at a new moon, through 2024-2026', () => {
    for (let t = Date.parse('2024-01-01T00:00Z'); t < Date.parse('2027-01-01T00:00Z'); t += 1.7 * DAY) {
      const age = moonAgeDays(new Date(t));
      const hourLater = moonAgeDays(new Date(t + 3_600_000));
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(29.9);
      // A lunation is 29.3 to 29.8 days long: only then may the hour after be younger, and by a new moon.
      if (hourLater > age) expect(hourLater - age).toBeCloseTo(1 / 24, 4);
      else expect([age > 29.2, hourLater < 1 / 24]).toEqual([true, true]);
    }
  });
});
