/**
 * The phone's time zone (IANA, 'Europe/Berlin'): sent with a new catch, whose clocks the server reads a catch
 * without a position on, and the zone the phone works out the sky of a catch saved offline in.
 */
export function phoneTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
