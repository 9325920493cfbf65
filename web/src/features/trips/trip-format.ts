/** How trips are written on screen (docs/decisions/043-trips-and-spots.md): the running timer, durations, rates. */

import { formatFigure } from '#core/units.ts';
import { dateTimeFormat } from '../../lib/date-time-format.ts';

const MINUTE_MS = 60_000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The running timer: '0:05:09', '1:23:45', '26:00:00'. */
export function formatTimer(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const hours = Math.floor(seconds / 3600);
  return `${hours}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)}`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The timer as a screen reader hears it, to the minute: '1 hour 23 minutes', '0 minutes'. */
export function formatSpokenElapsed(elapsedMs: number): string {
  const minutes = Math.max(0, Math.floor(elapsedMs / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  const rest = plural(minutes % 60, 'minute');
  return hours > 0 ? `${plural(hours, 'hour')} ${rest}` : rest;
}

/** A trip's length: '45 min', '2 h 5 min', '3 h'. */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Fish per hour: '1.5 fish/h'; '–' for a trip too short to say. */
export function formatRate(catchesPerHour: number | null): string {
  if (catchesPerHour === null) return '–';
  return `${formatFigure(catchesPerHour, 1)} fish/h`;
}

/**
 * The start of a trip begun now, to the whole minute: the log form dates a catch to the minute (its time of day is
 * HH:mm), so a catch logged in the trip's first minute still falls inside it and the server links it (decision 043).
 * Never before the end of the angler's last trip: one ended 30 s ago must not overlap the next (the server refuses).
 */
export function tripStartAt(now: number, trips: readonly { endedAt: string | null }[] = []): string {
  const lastEnd = trips.reduce(
    (latest, trip) => (trip.endedAt === null ? latest : Math.max(latest, Date.parse(trip.endedAt))),
    Number.NEGATIVE_INFINITY,
  );
  const wholeMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return new Date(Math.min(now, Math.max(wholeMinute, lastEnd))).toISOString();
}

/** A trip's moment on the phone's clock: 'Nov 27, 6:05 AM'. */
export function formatTripMoment(iso: string, locale?: string): string {
  return dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** A datetime-local input's value ('2026-11-27T06:05', the phone's clock) as a moment in ISO 8601; null when empty. */
export function momentFromInput(value: string): string | null {
  const time = Date.parse(value);
  return value === '' || Number.isNaN(time) ? null : new Date(time).toISOString();
}
