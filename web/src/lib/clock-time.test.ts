import { describe, expect, it } from 'vitest';
import { formatClockTime } from './clock-time.ts';

// Whitespace before AM/PM differs between ICU versions (a space or a narrow no-break space); \s matches both.
describe('formatClockTime: one clock format, following the locale', () => {
  const evening = new Date(2025, 3, 29, 20, 51);
  const morning = new Date(2025, 3, 29, 5, 30);

  it('writes 12-hour times in the US', () => {
    expect(formatClockTime(evening, 'en-US')).toMatch(/^8:51\sPM$/);
    expect(formatClockTime(morning, 'en-US')).toMatch(/^5:30\sAM$/);
  });

  it('writes 24-hour times in Germany', () => {
    expect(formatClockTime(evening, 'de-DE')).toBe('20:51');
    expect(formatClockTime(morning, 'de-DE')).toBe('05:30');
  });

  it("formats a catch's time of day (HH:mm) exactly like a moment", () => {
    expect(formatClockTime('20:51', 'en-US')).toBe(formatClockTime(evening, 'en-US'));
    expect(formatClockTime('05:30', 'de-DE')).toBe('05:30');
    expect(formatClockTime('00:00', 'en-US')).toMatch(/^12:00\sAM$/);
  });

  it('formats ISO strings and epoch milliseconds', () => {
    expect(formatClockTime(evening.toISOString(), 'en-US')).toMatch(/^8:51\sPM$/);
    expect(formatClockTime(evening.getTime(), 'de-DE')).toBe('20:51');
  });

  // Moved from tools-format.test.ts with the function.
  it('formats a clock time and refuses an unreadable date', () => {
    expect(formatClockTime('2025-04-29T15:45:00Z', 'en-US')).toMatch(/^\d{1,2}:45\s?(AM|PM)$/);
    expect(formatClockTime('not a date')).toBeNull();
  });

  it("writes a moment on another place's clocks when given its time zone (a tide station's)", () => {
    const moment = '2025-10-22T04:18:00Z';
    expect(formatClockTime(moment, 'en-US', 'America/New_York')).toMatch(/^12:18\sAM$/);
    expect(formatClockTime(moment, 'de-DE', 'Europe/Paris')).toBe('06:18');
    // A time of day is already on the right clock.
    expect(formatClockTime('05:30', 'de-DE', 'Asia/Tokyo')).toBe('05:30');
  });

  it('refuses what is not a time', () => {
    expect(formatClockTime('not a date')).toBeNull();
    expect(formatClockTime('25:99')).toBeNull();
    expect(formatClockTime(Number.NaN)).toBeNull();
  });
});
