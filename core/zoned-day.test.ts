import { describe, expect, it } from 'vitest';
import { isCalendarDate, isKnownTimeZone, zonedDate, zonedDayWindow } from './zoned-day.ts';

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
