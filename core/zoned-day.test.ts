import { describe, expect, it } from 'vitest';
import { isCalendarDate, isKnownTimeZone, zonedDate, zonedDayWindow, zonedMoment } from './zoned-day.ts';

const HOUR = 3_600_000;
const hours = ({ start, end }: { start: Date; end: Date }) => (end.getTime() - start.getTime()) / HOUR;

describe('calendar dates', () => {
  it.each(['2026-07-04', '2024-02-29', '1900-01-01', '2100-12-31', '0050-03-01', '2000-02-29'])(
    '%s is a day',
    (date) => {
      expect(isCalendarDate(date)).toBe(true);
    },
  );
  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-7-4',
    '2026-07-04T00:00',
    'yesterday',
    '',
    '1900-02-29',
  ])('%s is not', (date) => {
    expect(isCalendarDate(date)).toBe(false);
  });
});

describe('a day by the clocks of a time zone', () => {
  it('runs from midnight to midnight', () => {
    const day = zonedDayWindow('2026-07-04', 'America/Los_Angeles');
    expect(day.start.toISOString()).toBe('2026-07-04T07:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-07-05T07:00:00.000Z');
  });

  it('is 23 hours long when the clocks go forward, 25 when they go back (New York, 2026)', () => {
    const spring = zonedDayWindow('2026-03-08', 'America/New_York');
    expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(hours(spring)).toBe(23);
    const autumn = zonedDayWindow('2026-11-01', 'America/New_York');
    expect(autumn.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(autumn.end.toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(hours(autumn)).toBe(25);
  });

  it('starts at 01:00 where the clock change skips midnight (Santiago, 2026-09-06)', () => {
    const day = zonedDayWindow('2026-09-06', 'America/Santiago');
    // 00:00 -04 never happened: the clocks went from 23:59:59 -04 to 01:00 -03 (04:00 UTC).
    expect(day.start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(hours(day)).toBe(23);
  });

  it('knows half-hour changes and zones a day ahead of UTC', () => {
    expect(hours(zonedDayWindow('2026-10-04', 'Australia/Lord_Howe'))).toBe(23.5);
    expect(zonedDayWindow('2026-06-01', 'Pacific/Kiritimati').start.toISOString()).toBe(
      '2026-05-31T10:00:00.000Z',
    );
  });

  it('gives the date the clocks show at a moment', () => {
    const moment = new Date('2026-03-09T04:30:00Z');
    expect(zonedDate(moment, 'America/New_York')).toBe('2026-03-09');
    expect(zonedDate(moment, 'America/Los_Angeles')).toBe('2026-03-08');
    expect(zonedDate(moment, 'Etc/GMT')).toBe('2026-03-09');
  });

  it('refuses what is not a date or a zone', () => {
    expect(() => zonedDayWindow('2026-02-30', 'Etc/GMT')).toThrow(RangeError);
    expect(() => zonedDayWindow('2026-02-01', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(isKnownTimeZone('Pacific/Honolulu')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('a moment on the clocks of a time zone', () => {
  const at = (date: string, time: string, timeZone: string) =>
    zonedMoment(date, time, timeZone).toISOString();

  it('reads a time skipped in spring with the offset from before, and a doubled one as its first occurrence', () => {
    // New York, 2026: 02:00 EST became 03:00 EDT on 8 March; 02:00 EDT became 01:00 EST on 1 November.
    expect(at('2026-03-08', '01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(at('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-03-08', '03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-11-01', '00:59', 'America/New_York')).toBe('2026-11-01T04:59:00.000Z');
    expect(at('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-11-01', '02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    // London, 2026: 01:00 GMT became 02:00 BST on 29 March; 02:00 BST became 01:00 GMT on 25 October.
    expect(at('2026-03-29', '01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-03-29', '02:00', 'Europe/London')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25', '02:30', 'Europe/London')).toBe('2026-10-25T02:30:00.000Z');
  });

  it('does the same in the southern hemisphere, where summer time ends in April and starts in October (Sydney)', () => {
    // 03:00 AEDT (+11) became 02:00 AEST (+10) on 5 April 2026; 02:00 AEST became 03:00 AEDT on 4 October 2026.
    expect(at('2026-04-05', '02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z');
    expect(at('2026-04-05', '03:30', 'Australia/Sydney')).toBe('2026-04-04T17:30:00.000Z');
    expect(at('2026-10-04', '02:30', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z');
    expect(at('2026-10-04', '03:30', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z');
    expect(at('2026-07-04', '06:30', 'Australia/Sydney')).toBe('2026-07-03T20:30:00.000Z');
    expect(at('2026-12-25', '06:30', 'Australia/Sydney')).toBe('2026-12-24T19:30:00.000Z');
  });

  it('knows zones 30 and 45 minutes off the hour', () => {
    expect(at('2026-07-04', '06:30', 'Asia/Kolkata')).toBe('2026-07-04T01:00:00.000Z');
    expect(at('2026-07-04', '06:30', 'Asia/Kathmandu')).toBe('2026-07-04T00:45:00.000Z');
    expect(at('2026-07-04', '06:30', 'Australia/Eucla')).toBe('2026-07-03T21:45:00.000Z');
    expect(at('2026-07-04', '06:30', 'America/St_Johns')).toBe('2026-07-04T09:00:00.000Z');
  });

  it('puts a day near the date line on the right UTC day (Kiritimati +14, Pago Pago -11, Apia +13)', () => {
    expect(at('2026-06-01', '00:30', 'Pacific/Kiritimati')).toBe('2026-05-31T10:30:00.000Z');
    expect(at('2026-06-01', '23:30', 'Pacific/Kiritimati')).toBe('2026-06-01T09:30:00.000Z');
    expect(at('2026-06-01', '23:30', 'Pacific/Pago_Pago')).toBe('2026-06-02T10:30:00.000Z');
    expect(at('2026-06-01', '23:30', 'Pacific/Apia')).toBe('2026-06-01T10:30:00.000Z');
  });

  it('reads a day a zone skipped when it crossed the date line with the offset from before (Apia, 30 December 2011)', () => {
    // Samoa went from 29 December 23:59:59 (-10, its summer time) to 31 December 00:00 (+14).
    expect(at('2011-12-29', '23:30', 'Pacific/Apia')).toBe('2011-12-30T09:30:00.000Z');
    expect(at('2011-12-30', '12:00', 'Pacific/Apia')).toBe('2011-12-30T22:00:00.000Z');
    expect(at('2011-12-31', '00:30', 'Pacific/Apia')).toBe('2011-12-30T10:30:00.000Z');
  });

  it('uses the rules of the year: war time in 1941, today’s rules carried on to 2099', () => {
    // New York kept summer time from 27 April to 28 September 1941 (EDT, -4).
    expect(at('1941-07-04', '06:30', 'America/New_York')).toBe('1941-07-04T10:30:00.000Z');
    expect(at('1941-01-15', '06:30', 'America/New_York')).toBe('1941-01-15T11:30:00.000Z');
    // India kept +06:30 from October 1941 to May 1942.
    expect(at('1941-12-01', '06:30', 'Asia/Kolkata')).toBe('1941-12-01T00:00:00.000Z');
    expect(at('2099-07-04', '06:30', 'America/New_York')).toBe('2099-07-04T10:30:00.000Z');
    expect(at('2099-01-15', '06:30', 'America/New_York')).toBe('2099-01-15T11:30:00.000Z');
    expect(at('2099-12-31', '23:59', 'Pacific/Kiritimati')).toBe('2099-12-31T09:59:00.000Z');
  });

  it('keeps the seconds of an offset that is not a whole number of minutes (Monrovia, -0:44:30 until 1972)', () => {
    expect(at('1941-06-01', '12:00', 'Africa/Monrovia')).toBe('1941-06-01T12:44:30.000Z');
  });

  it('refuses what is not a date', () => {
    expect(() => zonedMoment('2026-02-30', '12:00', 'UTC')).toThrow(RangeError);
  });
});
