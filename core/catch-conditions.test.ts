import { describe, expect, it } from 'vitest';
import { moonDay, sunDay } from './astronomy.ts';
import { catchMoment, pressureTendency, skyConditions } from './catch-conditions.ts';
import { HPA_PER_INHG } from './units.ts';
import { zonedDayWindow } from './zoned-day.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const minutesFrom = (moment: Date | null | undefined, minutes: number) => {
  if (!moment) throw new Error('expected a moment');
  return new Date(moment.getTime() + minutes * MINUTE);
};

describe('catchMoment', () => {
  it('reads the date and time on the clocks of where the catch was', () => {
    const fields = { catchDate: '2026-07-04', timeOfDay: '06:30', createdAt: '2026-07-05T12:00:00Z' };
    expect(catchMoment(fields, 'America/New_York')?.toISOString()).toBe('2026-07-04T10:30:00.000Z');
    expect(catchMoment(fields, 'Pacific/Auckland')?.toISOString()).toBe('2026-07-03T18:30:00.000Z');
  });

  it('takes a time skipped by the spring clock change with the offset from before, and a doubled one first', () => {
    const at = (catchDate: string, timeOfDay: string) =>
      catchMoment(
        { catchDate, timeOfDay, createdAt: '2026-01-01T00:00:00Z' },
        'America/New_York',
      )?.toISOString();
    expect(at('2026-03-08', '02:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-03-08', '03:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-11-01', '01:30')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-11-01', '02:30')).toBe('2026-11-01T07:30:00.000Z');
  });

  it('uses createdAt without a date, and local noon for a date without a time saved another day', () => {
    expect(
      catchMoment(
        { catchDate: null, timeOfDay: '06:00', createdAt: '2026-05-01T09:15:00Z' },
        'UTC',
      )?.toISOString(),
    ).toBe('2026-05-01T09:15:00.000Z');
    expect(
      catchMoment(
        { catchDate: '2026-05-01', timeOfDay: null, createdAt: '2026-05-01T09:15:00Z' },
        'UTC',
      )?.toISOString(),
    ).toBe('2026-05-01T09:15:00.000Z');
    expect(
      catchMoment(
        { catchDate: '2026-04-30', timeOfDay: null, createdAt: '2026-05-01T09:15:00Z' },
        'Europe/Berlin',
      )?.toISOString(),
    ).toBe('2026-04-30T10:00:00.000Z');
  });
});

describe('catchMoment near the date line and without a readable save time', () => {
  it('takes the save time for a catch without a time saved on the same local day, though another UTC day', () => {
    // 23:30 on 1 June in Pago Pago (-11) is 10:30 UTC on 2 June.
    const fields = { catchDate: '2026-06-01', timeOfDay: null, createdAt: '2026-06-02T10:30:00Z' };
    expect(catchMoment(fields, 'Pacific/Pago_Pago')?.toISOString()).toBe('2026-06-02T10:30:00.000Z');
    // On UTC clocks the save was on the 2nd: the catch of the 1st is taken at noon.
    expect(catchMoment(fields, 'UTC')?.toISOString()).toBe('2026-06-01T12:00:00.000Z');
    // 00:30 on 1 June in Kiritimati (+14) is still 31 May in UTC.
    const early = { catchDate: '2026-06-01', timeOfDay: null, createdAt: '2026-05-31T10:30:00Z' };
    expect(catchMoment(early, 'Pacific/Kiritimati')?.toISOString()).toBe('2026-05-31T10:30:00.000Z');
    expect(catchMoment({ ...early, catchDate: '2026-05-31' }, 'Pacific/Kiritimati')?.toISOString()).toBe(
      '2026-05-30T22:00:00.000Z',
    );
  });

  it('does without the save time when it cannot be read, and is null only when nothing else is left', () => {
    const createdAt = 'not a time';
    expect(catchMoment({ catchDate: null, timeOfDay: null, createdAt }, 'UTC')).toBeNull();
    expect(catchMoment({ catchDate: null, timeOfDay: '06:00', createdAt }, 'UTC')).toBeNull();
    expect(
      catchMoment({ catchDate: '2026-06-01', timeOfDay: null, createdAt }, 'Asia/Kolkata')?.toISOString(),
    ).toBe('2026-06-01T06:30:00.000Z');
    expect(
      catchMoment(
        { catchDate: '2026-06-01', timeOfDay: '05:15', createdAt: '' },
        'Asia/Kathmandu',
      )?.toISOString(),
    ).toBe('2026-05-31T23:30:00.000Z');
  });
});

describe('pressureTendency', () => {
  const inHg = (hpa: number) => hpa / HPA_PER_INHG;

  it('rises or falls from exactly 1 hPa, after rounding to the provider’s 0.1 hPa', () => {
    expect(pressureTendency(inHg(1))).toBe('rising');
    expect(pressureTendency(inHg(-1))).toBe('falling');
    expect(pressureTendency(inHg(0.95))).toBe('rising');
    expect(pressureTendency(inHg(-0.95))).toBe('falling');
    expect(pressureTendency(inHg(1.01))).toBe('rising');
    expect(pressureTendency(inHg(-1.01))).toBe('falling');
  });

  it('is steady just under 1 hPa and at no change', () => {
    expect(pressureTendency(inHg(0.94))).toBe('steady');
    expect(pressureTendency(inHg(-0.94))).toBe('steady');
    expect(pressureTendency(inHg(0.9))).toBe('steady');
    expect(pressureTendency(0)).toBe('steady');
    expect(pressureTendency(-0)).toBe('steady');
  });

  it('is steady within 1 hPa over 3 hours', () => {
    expect(pressureTendency(0.02)).toBe('steady');
    expect(pressureTendency(-0.02)).toBe('steady');
    expect(pressureTendency(0.04)).toBe('rising');
    expect(pressureTendency(-0.04)).toBe('falling');
  });
});

describe('skyConditions', () => {
  it('names the full moon of 2024-04-23 (23:49 UTC), about 15.2 days after the new moon of 2024-04-08 18:21 UTC', () => {
    const sky = skyConditions(new Date('2024-04-23T23:49:00Z'), null, 'UTC');
    expect(sky.moon?.phase).toBe('Full Moon');
    expect(sky.moon?.illumination).toBeGreaterThan(0.99);
    expect(sky.moon?.age).toBeCloseTo(15.2, 1);
    expect(sky.sun).toBeNull();
    expect(sky.solunar).toBeNull();
  });

  it('tells night, dawn, day and dusk at Greenwich by civil twilight', () => {
    const place = { latitude: 51.4769, longitude: 0 };
    const phase = (iso: string) => skyConditions(new Date(iso), place, 'Europe/London').sun?.phase;
    // 2026-03-20: civil dawn 05:31, sunrise 06:03, sunset 18:14, civil dusk 18:46 UTC (about).
    expect(phase('2026-03-20T03:00:00Z')).toBe('night');
    expect(phase('2026-03-20T05:45:00Z')).toBe('dawn');
    expect(phase('2026-03-20T12:00:00Z')).toBe('day');
    expect(phase('2026-03-20T18:30:00Z')).toBe('dusk');
    expect(phase('2026-03-20T20:00:00Z')).toBe('night');
  });
});

describe('the sun at a catch', () => {
  const phaseAt = (moment: Date, place: { latitude: number; longitude: number }, zone: string) =>
    skyConditions(moment, place, zone).sun?.phase;

  it.for([
    ['Greenwich', 51.4769, 0, 'Europe/London', '2026-03-20'],
    ['New York', 40.7128, -74.006, 'America/New_York', '2026-06-21'],
    ['Sydney', -33.8688, 151.2093, 'Australia/Sydney', '2026-06-21'],
    ['Quito', -0.1807, -78.4678, 'America/Guayaquil', '2026-12-21'],
  ] as const)(
    '%s on %s: night, dawn, day, dusk, night a minute either side of the times sunDay finds',
    ([, latitude, longitude, zone, date]) => {
      const place = { latitude, longitude };
      const { sun, civilTwilight } = sunDay(zonedDayWindow(date, zone), place);
      expect(phaseAt(minutesFrom(civilTwilight.rise, -1), place, zone)).toBe('night');
      expect(phaseAt(minutesFrom(civilTwilight.rise, 1), place, zone)).toBe('dawn');
      expect(phaseAt(minutesFrom(sun.rise, -1), place, zone)).toBe('dawn');
      expect(phaseAt(minutesFrom(sun.rise, 1), place, zone)).toBe('day');
      expect(phaseAt(minutesFrom(sun.set, -1), place, zone)).toBe('day');
      expect(phaseAt(minutesFrom(sun.set, 1), place, zone)).toBe('dusk');
      expect(phaseAt(minutesFrom(civilTwilight.set, -1), place, zone)).toBe('dusk');
      expect(phaseAt(minutesFrom(civilTwilight.set, 1), place, zone)).toBe('night');
    },
  );

  it('gives the published sunrise and sunset of the local day (US Naval Observatory, Washington DC, 20 March 2002)', () => {
    // USNO "Sun and Moon Data for One Day", W77.0 N38.9, EST: sunrise 6:12, sunset 6:21 pm (±2 minutes).
    const place = { latitude: 38.9, longitude: -77 };
    for (const time of ['2002-03-20T05:30:00Z', '2002-03-20T15:00:00Z', '2002-03-21T04:30:00Z']) {
      const sun = skyConditions(new Date(time), place, 'America/New_York').sun;
      expect(
        Math.abs(Date.parse(sun?.sunrise ?? '') - Date.parse('2002-03-20T11:12:00Z')),
        time,
      ).toBeLessThanOrEqual(2 * MINUTE);
      expect(
        Math.abs(Date.parse(sun?.sunset ?? '') - Date.parse('2002-03-20T23:21:00Z')),
        time,
      ).toBeLessThanOrEqual(2 * MINUTE);
    }
  });

  it('in the polar night at Tromsø the sun only reaches civil twilight: dawn until noon, dusk after, no sunrise', () => {
    // 69.65°N at the December solstice: the sun culminates about 3° below the horizon.
    const tromso = { latitude: 69.6492, longitude: 18.9553 };
    const zone = 'Europe/Oslo';
    const { sun, civilTwilight } = sunDay(zonedDayWindow('2026-12-21', zone), tromso);
    expect(sun).toMatchObject({ rise: null, set: null, alwaysDown: true });
    const [first, last] = [civilTwilight.rise, civilTwilight.set];
    if (!first || !last) throw new Error('civil twilight at Tromsø at the solstice');
    const noon = new Date((first.getTime() + last.getTime()) / 2);
    expect(phaseAt(minutesFrom(first, -1), tromso, zone)).toBe('night');
    expect(phaseAt(minutesFrom(noon, -10), tromso, zone)).toBe('dawn');
    expect(phaseAt(minutesFrom(noon, 10), tromso, zone)).toBe('dusk');
    expect(phaseAt(minutesFrom(last, 1), tromso, zone)).toBe('night');
    expect(skyConditions(noon, tromso, zone).sun).toMatchObject({ sunrise: null, sunset: null });
  });

  it('is night all day in the polar night at Longyearbyen and day all day under the midnight sun', () => {
    const longyearbyen = { latitude: 78.2232, longitude: 15.6267 };
    const zone = 'Arctic/Longyearbyen';
    for (let hour = 0; hour < 24; hour += 1) {
      const winter = new Date(Date.UTC(2026, 11, 21, hour));
      const summer = new Date(Date.UTC(2026, 5, 21, hour));
      expect(phaseAt(winter, longyearbyen, zone), winter.toISOString()).toBe('night');
      expect(phaseAt(summer, longyearbyen, zone), summer.toISOString()).toBe('day');
    }
    expect(skyConditions(new Date('2026-06-21T22:00:00Z'), longyearbyen, zone).sun).toMatchObject({
      sunrise: null,
      sunset: null,
    });
    // Tromsø at midnight on Midsummer: the midnight sun.
    expect(
      phaseAt(new Date('2026-06-21T22:00:00Z'), { latitude: 69.6492, longitude: 18.9553 }, 'Europe/Oslo'),
    ).toBe('day');
  });
});

/**
 * The US Naval Observatory's "Phases of the Moon" (aa.usno.navy.mil/data/MoonPhases), Universal Time to the minute.
 */
const USNO_PHASES = {
  newMoon2024Jan: '2024-01-11T11:57Z',
  firstQuarter2024Jan: '2024-01-18T03:53Z',
  fullMoon2024Jan: '2024-01-25T17:54Z',
  lastQuarter2024Feb: '2024-02-02T23:18Z',
  newMoon2024Mar: '2024-03-10T09:00Z',
  newMoon2024Apr: '2024-04-08T18:21Z',
  newMoon2025Feb: '2025-02-28T00:45Z',
  fullMoon2025Mar: '2025-03-14T06:55Z',
  newMoon2026Feb: '2026-02-17T12:01Z',
  fullMoon2026Mar: '2026-03-03T11:38Z',
} as const;

describe('the moon at a catch (US Naval Observatory phase instants)', () => {
  const moonAt = (instant: string, minutes = 0) =>
    skyConditions(minutesFrom(new Date(instant), minutes), null, 'UTC').moon;
  const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY;

  it.for([
    ['New Moon', USNO_PHASES.newMoon2024Jan],
    ['First Quarter', USNO_PHASES.firstQuarter2024Jan],
    ['Full Moon', USNO_PHASES.fullMoon2024Jan],
    ['Last Quarter', USNO_PHASES.lastQuarter2024Feb],
    ['New Moon', USNO_PHASES.newMoon2025Feb],
    ['Full Moon', USNO_PHASES.fullMoon2025Mar],
    ['New Moon', USNO_PHASES.newMoon2026Feb],
    ['Full Moon', USNO_PHASES.fullMoon2026Mar],
  ] as const)('names %s at %s, with its illumination', ([name, instant]) => {
    const moon = moonAt(instant);
    expect(moon?.phase).toBe(name);
    if (name === 'New Moon') expect(moon?.illumination).toBeLessThanOrEqual(0.01);
    else if (name === 'Full Moon') expect(moon?.illumination).toBeGreaterThanOrEqual(0.99);
    else expect(Math.abs((moon?.illumination ?? 0) - 0.5)).toBeLessThanOrEqual(0.02);
  });

  it('is as old at a full moon as the time since the new moon before it', () => {
    const pairs = [
      [USNO_PHASES.newMoon2024Jan, USNO_PHASES.fullMoon2024Jan],
      [USNO_PHASES.newMoon2025Feb, USNO_PHASES.fullMoon2025Mar],
      [USNO_PHASES.newMoon2026Feb, USNO_PHASES.fullMoon2026Mar],
    ] as const;
    for (const [newMoon, fullMoon] of pairs) {
      const age = daysBetween(newMoon, fullMoon);
      expect(age).toBeGreaterThan(13.5);
      expect(age).toBeLessThan(16);
      expect(Math.abs((moonAt(fullMoon)?.age ?? 0) - age), fullMoon).toBeLessThanOrEqual(0.1);
    }
  });

  it('is a day short of a month old just before a new moon and a few hours old just after', () => {
    const newMoon = USNO_PHASES.newMoon2024Apr;
    const monthLong = daysBetween(USNO_PHASES.newMoon2024Mar, newMoon);
    expect(Math.abs((moonAt(newMoon, -60)?.age ?? 0) - (monthLong - 1 / 24))).toBeLessThanOrEqual(0.1);
    expect(moonAt(newMoon, -60)?.phase).toBe('New Moon');
    expect(moonAt(newMoon, 60)?.age).toBe(0);
    expect(moonAt(newMoon, 8 * 60)?.age).toBe(0.3);
    expect(moonAt(newMoon, 60)?.illumination).toBe(0);
  });
});

describe('the solunar period at a catch', () => {
  // W81 N29 on 1 January 2019: moonrise 08:12 UT and moonset 19:34 UT (US Naval Observatory, as in astronomy.test.ts).
  const place = { latitude: 29, longitude: -81 };
  const zone = 'America/New_York';
  const moon = moonDay({ start: new Date('2019-01-01T00:00Z'), end: new Date('2019-01-02T00:00Z') }, place);
  const periodAt = (moment: Date) => skyConditions(moment, place, zone).solunar?.period;

  it('is major for an hour either side of the moon overhead or underfoot', () => {
    const [overhead] = moon.overhead;
    const [underfoot] = moon.underfoot;
    expect(periodAt(minutesFrom(overhead, 0))).toBe('major');
    expect(periodAt(minutesFrom(overhead, 59))).toBe('major');
    expect(periodAt(minutesFrom(overhead, -59))).toBe('major');
    expect(periodAt(minutesFrom(overhead, 61))).toBeNull();
    expect(periodAt(minutesFrom(underfoot, 0))).toBe('major');
  });

  it('is minor for half an hour either side of moonrise and moonset', () => {
    expect(periodAt(minutesFrom(moon.rise, 0))).toBe('minor');
    expect(periodAt(minutesFrom(moon.rise, 29))).toBe('minor');
    expect(periodAt(minutesFrom(moon.rise, 31))).toBeNull();
    expect(periodAt(minutesFrom(moon.set, -29))).toBe('minor');
  });

  it('is none far from every rise, set and pass', () => {
    const [overhead] = moon.overhead;
    if (!moon.rise || !overhead) throw new Error('the moon rises and passes overhead that day');
    // Halfway between moonrise and the pass overhead, over 2 hours from each and from everything else that day.
    const between = new Date((moon.rise.getTime() + overhead.getTime()) / 2);
    for (const event of [moon.rise, moon.set, ...moon.overhead, ...moon.underfoot]) {
      expect(Math.abs((event?.getTime() ?? 0) - between.getTime())).toBeGreaterThan(2 * 60 * MINUTE);
    }
    expect(periodAt(between)).toBeNull();
  });
});
