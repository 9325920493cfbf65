/**
 * Every clock time the app shows, in one format: hour and minute the way the phone's locale writes them (its short
 * time style: '8:51 PM' in the US, '20:51' and '05:30' in Germany or Britain), through Intl.DateTimeFormat with the
 * browser's languages. Before (decision 007), the
 * detail dialog, the weather and the barometer each wrote times their own way (20:51, 8:45 PM). The log form's
 * native <input type="time"> is drawn by the browser itself.
 */

import { dateTimeFormat } from './date-time-format.ts';

/** The browser's preferred languages (navigator.languages), or the runtime's default outside a browser. */
function browserLocales(): readonly string[] | undefined {
  return typeof navigator !== 'undefined' && navigator.languages?.length ? navigator.languages : undefined;
}

function clockFormatter(locale?: string, timeZone?: string): Intl.DateTimeFormat {
  return dateTimeFormat(locale ?? browserLocales(), { timeStyle: 'short', timeZone });
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A clock time: a moment (Date, ISO string or epoch milliseconds) or a catch's time of day ('20:51', as the form
 * stores it). Null for anything unreadable. A moment is shown on the phone's clock, or on the clocks of
 * `timeZone` (a tide station's times are its own).
 */
export function formatClockTime(
  value: Date | string | number,
  locale?: string,
  timeZone?: string,
): string | null {
  let date: Date;
  const timeOfDay = typeof value === 'string' ? TIME_OF_DAY.exec(value) : null;
  if (timeOfDay) {
    date = new Date(2000, 0, 1, Number(timeOfDay[1]), Number(timeOfDay[2]));
  } else {
    date = value instanceof Date ? value : new Date(value);
  }
  if (Number.isNaN(date.getTime())) return null;
  return clockFormatter(locale, timeOfDay ? undefined : timeZone).format(date);
}
