/**
 * Insights in plain words (docs/decisions/044-insights.md): the human names of core/insights.ts' factors and
 * buckets, in the angler's units and clock habit, and the sentence each compared bucket is told in. Pure: the view
 * and its tests share it.
 */
import { type EFFORT_FACTORS, FAMILY_ALPHA, type Insights } from '#core/insights.ts';
import { toDisplayValue, type UnitSystem } from '#core/units.ts';

export type EffortFactorName = (typeof EFFORT_FACTORS)[number];
export type ShareFactorName = Insights['shares'][number]['factor'];

/** What the words need besides the insight itself. */
export interface WordContext {
  units: UnitSystem;
  /** The phone's clock habit: 4–8 pm or 16:00–20:00. */
  hour12: boolean;
  /** The angler's spots by id, for the spot factor. */
  spotNames: ReadonlyMap<number, string>;
}

export const FACTOR_NAMES: Record<EffortFactorName | ShareFactorName, string> = {
  sunPhase: 'Sun',
  timeOfDay: 'Time of day',
  pressureTendency: 'Pressure',
  moonPhase: 'Moon phase',
  solunar: 'Solunar period',
  tideStage: 'Tide',
  airTemperature: 'Air temperature',
  spot: 'Spot',
  bait: 'Bait',
  waterTemperature: 'Water temperature',
};

/** The minimum behind a comparison, as core/insights.ts asks it, said once. */
export const NEEDS_MORE_DATA = 'Each needs at least 10 catches and 5 hours fished, and an hour on each side.';

/** The test every verdict comes from, named in each one's numbers. */
export const TEST_NAME = 'Exact Poisson rate comparison with Bonferroni correction';

/** Whether the phone writes times on a 12-hour clock, by its languages (as lib/clock-time.ts shows every time). */
export function prefersHour12(locales?: readonly string[]): boolean {
  const cycle = new Intl.DateTimeFormat(locales as string[] | undefined, {
    hour: 'numeric',
  }).resolvedOptions().hourCycle;
  return cycle === 'h12' || cycle === 'h11';
}

/** '4–8 pm', '8 am–12 pm', '12–4 am'; or '16:00–20:00' on a 24-hour clock. */
function timeBandLabel(bucket: string, hour12: boolean): string {
  const [from, to] = bucket.split('-').map(Number) as [number, number];
  if (!hour12) {
    const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
    return `${clock(from)}–${clock(to)}`;
  }
  const half = (hour: number) => (hour % 24 < 12 ? 'am' : 'pm');
  const onDial = (hour: number) => (hour % 12 === 0 ? 12 : hour % 12);
  return half(from) === half(to)
    ? `${onDial(from)}–${onDial(to)} ${half(to)}`
    : `${onDial(from)} ${half(from)}–${onDial(to)} ${half(to)}`;
}

/** A °F band ('below-32', '32-50', '80-plus') in the angler's units: 'below 0°C', '0–10°C', '27°C and above'. */
function temperatureBandLabel(bucket: string, units: UnitSystem): string {
  const symbol = units === 'metric' ? '°C' : '°F';
  const degrees = (fahrenheit: string) =>
    String(Math.round(toDisplayValue('temperature', Number(fahrenheit), units)));
  const below = /^below-(-?\d+)$/.exec(bucket);
  if (below) return `below ${degrees(below[1] as string)}${symbol}`;
  const plus = /^(-?\d+)-plus$/.exec(bucket);
  if (plus) return `${degrees(plus[1] as string)}${symbol} and above`;
  const [from, to] = bucket.split('-') as [string, string];
  return `${degrees(from)}–${degrees(to)}${symbol}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A bucket's name as a list shows it: 'Dusk', '4–8 pm', 'Rising', 'Full Moon', '10–18°C', 'Home Lake'. */
export function bucketLabel(
  factor: EffortFactorName | ShareFactorName,
  bucket: string,
  words: WordContext,
): string {
  switch (factor) {
    case 'timeOfDay':
      return timeBandLabel(bucket, words.hour12);
    case 'airTemperature':
    case 'waterTemperature':
      return temperatureBandLabel(bucket, words.units);
    case 'solunar':
      return bucket === 'none' ? 'No period' : `${capitalised(bucket)} period`;
    case 'tideStage':
      return `${capitalised(bucket)} tide`;
    case 'spot':
      return words.spotNames.get(Number(bucket)) ?? 'A spot no longer kept';
    case 'moonPhase':
      return bucket;
    default:
      return capitalised(bucket);
  }
}

/** The bucket inside a sentence: 'at dusk', 'at 4–8 pm', 'with the pressure falling', 'on a rising tide'. */
function bucketPhrase(factor: EffortFactorName, bucket: string, words: WordContext): string {
  switch (factor) {
    case 'sunPhase':
      return bucket === 'day' ? 'in daylight' : `at ${bucket}`;
    case 'timeOfDay':
      return `at ${timeBandLabel(bucket, words.hour12)}`;
    case 'pressureTendency':
      return `with the pressure ${bucket}`;
    case 'moonPhase':
      return `during the ${bucket}`;
    case 'solunar':
      return bucket === 'none' ? 'outside solunar periods' : `in solunar ${bucket} periods`;
    case 'tideStage':
      return `on a ${bucket} tide`;
    case 'airTemperature':
      return `with the air ${temperatureBandLabel(bucket, words.units)}`;
    case 'spot':
      return `at ${bucketLabel('spot', bucket, words)}`;
  }
}

/** Catches per hour: '2.7', '0.6', '0.06', '0'. */
export function formatRate(rate: number): string {
  if (rate === 0) return '0';
  return String(Number(rate < 1 ? rate.toPrecision(2) : rate.toFixed(1)));
}

/** Hours fished: whole from 10 up ('41'), else to one decimal ('8.5'). */
function formatHours(hours: number): string {
  return String(Number(hours >= 10 ? hours.toFixed(0) : hours.toFixed(1)));
}

/** '1 hour', '8.5 hours'. */
export function hoursText(hours: number): string {
  const shown = formatHours(hours);
  return `${shown} ${shown === '1' ? 'hour' : 'hours'}`;
}

/** '1 catch', '27 catches'. */
export function catchesText(catches: number): string {
  return `${catches} ${catches === 1 ? 'catch' : 'catches'}`;
}

/** A ratio or an interval's end: '4.8', '0.21', 'no upper bound'. */
export function formatRatio(value: number): string {
  if (!Number.isFinite(value)) return 'no upper bound';
  return formatRate(value);
}

/** The confidence every interval of one answer is drawn at, 1 − 0.05/m: '99.6 %'. */
export function formatConfidence(comparisons: number): string {
  const percent = (1 - FAMILY_ALPHA / Math.max(1, comparisons)) * 100;
  return `${String(Number(percent.toFixed(percent > 99.9 ? 2 : 1)))}\u00a0%`;
}

/** What a compared bucket is told as. */
export interface ComparedBucket {
  factor: EffortFactorName;
  bucket: string;
  catches: number;
  hours: number;
  rate: number | null;
  restRate: number | null;
  /** The factor's hours in all: the bucket and the rest. */
  factorHours: number;
}

/** 'Walleye: 2.7 per hour at dusk against 0.6 the rest of the time, over 41 hours'. */
export function insightSentence(item: ComparedBucket, who: string, words: WordContext): string {
  return (
    `${who}: ${formatRate(item.rate ?? 0)} per hour ${bucketPhrase(item.factor, item.bucket, words)} ` +
    `against ${formatRate(item.restRate ?? 0)} the rest of the time, over ${hoursText(item.factorHours)}`
  );
}
