import type { TodayCondition, TodayMatch, TodayWindow } from '#core/today-matches.ts';
import { formatQuantity, type UnitSystem } from '#core/units.ts';
import { formatClockTime } from '../../lib/clock-time.ts';
import { formatDuration, formatRate } from '../trips/trip-format.ts';

/**
 * How the Today card words a match (core/today-matches.ts): "Your best Walleye conditions: falling pressure at
 * dusk", then when today, in the app's time format on the place's clocks, and the figures behind each condition.
 */

type Factor = TodayCondition['factor'];

/** Said as things ("falling pressure and a rising tide") before when they happen ("at dusk on a Full Moon day"). */
const FACTOR_ORDER: readonly Factor[] = [
  'pressureTendency',
  'airTemperature',
  'tideStage',
  'sunPhase',
  'timeOfDay',
  'solunar',
  'moonPhase',
];
const THINGS: ReadonlySet<Factor> = new Set(['pressureTendency', 'airTemperature', 'tideStage']);

const SUN_PHASES: Record<string, string> = { dawn: 'dawn', day: 'daylight', dusk: 'dusk', night: 'night' };
const SOLUNAR: Record<string, string> = {
  major: 'a major solunar period',
  minor: 'a minor solunar period',
  none: 'no solunar period',
};

/** The ends of an hour band '16-20' as the clock shows them: '4:00 PM', '8:00 PM' ('16:00', '20:00' in Britain). */
function hourBandEnds(bucket: string, locale?: string): [string, string] {
  const [from = '00', to = '00'] = bucket.split('-');
  const clock = (hour: string) =>
    formatClockTime(`${hour === '24' ? '00' : hour}:00`, locale) ?? `${hour}:00`;
  return [clock(from), clock(to)];
}

/** An air band 'below-32', '50-65', '80-plus' in the angler's unit. */
function airBand(bucket: string, units: UnitSystem): string {
  const degrees = (fahrenheit: string) => formatQuantity('temperature', Number(fahrenheit), units);
  const [low = '', high = ''] = bucket.split('-');
  if (low === 'below') return `below ${degrees(high)}`;
  if (high === 'plus') return `${degrees(low)} and above`;
  return `${degrees(low)}–${degrees(high)}`;
}

/** A bucket's own name, as a label: 'Dusk', 'Falling pressure', 'Air 50°F–65°F', 'Full Moon'. */
function bucketName(
  condition: Pick<TodayCondition, 'factor' | 'bucket'>,
  units: UnitSystem,
  locale?: string,
) {
  const { factor, bucket } = condition;
  switch (factor) {
    case 'sunPhase':
      return SUN_PHASES[bucket] ?? bucket;
    case 'timeOfDay':
      return hourBandEnds(bucket, locale).join('–');
    case 'pressureTendency':
      return `${bucket} pressure`;
    case 'moonPhase':
      return bucket;
    case 'solunar':
      return SOLUNAR[bucket] ?? bucket;
    case 'tideStage':
      return `${bucket} tide`;
    case 'airTemperature':
      return `air ${airBand(bucket, units)}`;
  }
}

/**
 * How one factor's buckets read in the sentence: 'falling pressure', 'at dawn or dusk', 'between 4:00 PM and
 * 8:00 PM', 'on a Full Moon day'.
 */
function factorPhrase(
  factor: Factor,
  conditions: readonly TodayCondition[],
  units: UnitSystem,
  locale?: string,
): string {
  const names = conditions.map((condition) => bucketName(condition, units, locale));
  const either = names.join(' or ');
  switch (factor) {
    case 'sunPhase':
      return names.every((name) => name === 'daylight') ? 'in daylight' : `at ${either}`;
    case 'timeOfDay':
      return conditions
        .map((condition) => {
          const [from, to] = hourBandEnds(condition.bucket, locale);
          return `between ${from} and ${to}`;
        })
        .join(' or ');
    case 'moonPhase':
      return `on a ${either} day`;
    case 'solunar':
      return `in ${either}`;
    case 'tideStage':
      return `a ${either}`;
    default:
      return either;
  }
}

/** The conditions of a match as one phrase: 'falling pressure at dusk'. */
export function conditionsPhrase(
  conditions: readonly TodayCondition[],
  units: UnitSystem,
  locale?: string,
): string {
  const things: string[] = [];
  const when: string[] = [];
  for (const factor of FACTOR_ORDER) {
    const ofFactor = conditions.filter((condition) => condition.factor === factor);
    if (ofFactor.length === 0) continue;
    (THINGS.has(factor) ? things : when).push(factorPhrase(factor, ofFactor, units, locale));
  }
  return [things.join(' and '), ...when].filter(Boolean).join(' ');
}

/** 'Your best Walleye conditions' (all fish: 'Your best conditions'). */
export function matchTitle(match: Pick<TodayMatch, 'species'>): string {
  return match.species === null ? 'Your best conditions' : `Your best ${match.species} conditions`;
}

/**
 * When today: 'not today', 'all day today', or 'today' and each window's ends as the clock shows them
 * ('9:10 PM', '9:50 PM'), for the card to keep each time whole on a line.
 */
export function todayWindows(
  windows: readonly TodayWindow[],
  day: TodayWindow,
  timeZone: string,
  locale?: string,
): { said: 'not today' | 'all day today' | 'today'; times: [string, string][] } {
  if (windows.length === 0) return { said: 'not today', times: [] };
  const [first] = windows;
  if (
    windows.length === 1 &&
    first?.start.getTime() === day.start.getTime() &&
    first.end.getTime() === day.end.getTime()
  ) {
    return { said: 'all day today', times: [] };
  }
  const clock = (at: Date) => formatClockTime(at, locale, timeZone) ?? '';
  return { said: 'today', times: windows.map((window) => [clock(window.start), clock(window.end)]) };
}

/** The figures behind a condition: 'Dusk: 2 fish/h, 0.3 fish/h the rest of the time (24 fish in 12 h)'. */
export function conditionFigures(condition: TodayCondition, units: UnitSystem, locale?: string): string {
  const name = bucketName(condition, units, locale);
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  const fish = `${condition.catches} fish in ${formatDuration(condition.hours * 60)}`;
  return `${label}: ${formatRate(condition.rate)}, ${formatRate(condition.restRate)} the rest of the time (${fish})`;
}
