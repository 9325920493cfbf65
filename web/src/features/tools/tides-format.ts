/** How the Tides card writes its values. Types only from core/tides.ts and no predictor: cheap to test and load. */

/** What the datums the tide stations use mean, for the line under the heights. */
const DATUM_NAMES: Record<string, string> = {
  MLLW: 'mean lower low water',
  MLW: 'mean low water',
  MLWS: 'mean low water springs',
  LAT: 'lowest astronomical tide',
  NLLW: 'nearly lowest low water',
  LLWLT: 'lower low water, large tide',
  MSL: 'mean sea level',
  CD: 'chart datum',
};

/** 'MLLW (mean lower low water)', or the abbreviation alone when we have no name for it. */
export function describeDatum(datum: string): string {
  const name = DATUM_NAMES[datum];
  return name ? `${datum} (${name})` : datum;
}

/** A span of minutes as '45 min', '2 h', '1 h 20 min'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The short name of a time zone at a moment, as the phone's locale writes it: 'EDT', 'GMT+1'. */
export function timeZoneName(timeZone: string, at: Date, locale?: string): string {
  const parts = new Intl.DateTimeFormat(
    locale ?? (typeof navigator === 'undefined' ? undefined : navigator.languages),
    {
      timeZone,
      timeZoneName: 'short',
    },
  ).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}
