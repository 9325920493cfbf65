/**
 * Calendar days in a named time zone (IANA, e.g. 'America/New_York'), worked out with the platform's own zone
 * database (Intl), alike in Node and in the browser: the day a tide station's highs and lows belong to is the
 * station's day, not the phone's or the server's. A day is 23 or 25 hours long on a clock change.
 */

import type { DayWindow } from './astronomy.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a day that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Not Date.UTC(year, …): it reads the years 0–99 as 1900–1999.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether the platform knows the zone ('Etc/GMT', 'Pacific/Honolulu'…). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    dateFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it). Throws RangeError for an unknown zone. */
function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date ('YYYY-MM-DD') the clocks of `timeZone` show at `moment`. */
export function zonedDate(moment: Date, timeZone: string): string {
  const parts = dateFormatter(timeZone).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The first moment (to the millisecond) whose date in `timeZone` is `date`, found by bisection between two moments
 * that surely bracket it (no zone is 15 hours from UTC), so a day whose midnight was skipped by a clock change
 * (it then starts at 01:00) starts right too. About 30 formatter calls.
 */
function startOfZonedDay(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, day);
  let before = utcMidnight - 15 * 60 * 60 * 1000;
  let after = utcMidnight + 15 * 60 * 60 * 1000;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (zonedDate(new Date(middle), timeZone) < date) before = middle;
    else after = middle;
  }
  return after;
}

/** The day `date` ('YYYY-MM-DD') as the clocks of `timeZone` run it: from its midnight to the next one. */
export function zonedDayWindow(date: string, timeZone: string): DayWindow {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const start = startOfZonedDay(date, timeZone);
  const next = zonedDate(new Date(start + DAY_MS + 3 * 60 * 60 * 1000), timeZone);
  return { start: new Date(start), end: new Date(startOfZonedDay(next, timeZone)) };
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock time the clocks of `timeZone` show at `ms`, to the second (offsets before the 1970s were not whole
 * minutes: Monrovia kept -0:44:30 until 1972), as milliseconds of a UTC date.
 */
function zonedWallClock(ms: number, timeZone: string): number {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    timeFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = new Date(
    Date.UTC(2000, part('month') - 1, part('day'), part('hour'), part('minute'), part('second')),
  );
  wall.setUTCFullYear(part('year'));
  return wall.getTime();
}

/** The hour (0–23) the clocks of `timeZone` show at `moment`. */
export function zonedHour(moment: Date, timeZone: string): number {
  return new Date(zonedWallClock(moment.getTime(), timeZone)).getUTCHours();
}

/**
 * The moment the clocks of `timeZone` show `date` at `time` ('HH:mm'). A time skipped by a clock change (02:30 on
 * the spring-forward night) is read with the offset from before the change, as a phone's clock app does (03:30); a
 * time that happens twice (autumn) is its first occurrence.
 */
export function zonedMoment(date: string, time: string, timeZone: string): Date {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const asUtc = new Date(Date.UTC(2000, month - 1, day, hours, minutes));
  asUtc.setUTCFullYear(year);
  const wall = asUtc.getTime();
  const offsetAt = (ms: number) => zonedWallClock(ms, timeZone) - Math.floor(ms / 1000) * 1000;
  // The offsets in force 14 hours either side (no zone changes its clocks twice in a day): the earliest moment
  // whose clocks show this wall time; when none does, the time was skipped and the offset from before is used.
  const offsetBefore = offsetAt(wall - 14 * 3_600_000);
  const candidates = [wall - offsetBefore, wall - offsetAt(wall + 14 * 3_600_000)].sort((a, b) => a - b);
  const exact = candidates.find((ms) => zonedWallClock(ms, timeZone) === wall);
  return new Date(exact ?? wall - offsetBefore);
}
