/**
 * Today against the angler's own log (the Tools tab's Today card): each pattern insights found clearly better than
 * the rest of the time fished (docs/decisions/044-insights.md: verdict 'clear-effect', ratio above 1) is matched
 * with today's sky, clock, tide and weather at the place, and said as the windows of today when it holds. Every
 * bucket is read by the rules a trip's minutes are counted with (core/trip-effort.ts), over the same 5-minute
 * slices (core/effort.ts), so "dusk" today is the dusk the log's hours were measured in. Pure: the phone works it
 * out offline from the kept lists.
 *
 * The spot is left out: a spot's effect says nothing about today's conditions, only about where to fish, and the
 * Tools tab's position need not be at any spot.
 */
import { type DayWindow, moonDay, moonPhase, type Place, solunarPeriods } from './astronomy.ts';
import { type PressureTendency, pressureTendency, sunPhaseAt } from './catch-conditions.ts';
import { EFFORT_SLICE_MINUTES } from './effort.ts';
import {
  airTemperatureBand,
  computeInsights,
  EFFORT_FACTORS,
  type InsightCatch,
  type Insights,
  type InsightTrip,
  timeBand,
} from './insights.ts';
import { speciesKey, speciesName } from './species-aliases.ts';
import type { TideTurn } from './tides.ts';
import type { Weather } from './weather.ts';
import { zonedDate, zonedDayWindow, zonedHour } from './zoned-day.ts';

/** The factors today can be matched on: every effort factor but the spot (see above). */
type TodayFactor = Exclude<(typeof EFFORT_FACTORS)[number], 'spot'>;
const TODAY_FACTORS = EFFORT_FACTORS.filter((factor): factor is TodayFactor => factor !== 'spot');

/** The most matches the card says: the strongest few, not a report. */
const TODAY_MATCHES_SHOWN = 3;

const HOUR_MS = 60 * 60 * 1000;
const SLICE_MS = EFFORT_SLICE_MINUTES * 60_000;
/** The solunar periods are found this far around the day, as around a trip: a major period is 2 hours long. */
const SOLUNAR_REACH_MS = 2 * HOUR_MS;

/** One hour of weather at the place, from `start`: what a catch's weather reads (its hour's reading). */
export interface ForecastHour {
  start: Date;
  /** °F. */
  airTemperature: number | null;
  pressureTendency: PressureTendency | null;
}

/** The insights of one species (by its name in core/species.ts, else as typed), or of all fish (null). */
export interface SpeciesInsights {
  species: string | null;
  insights: Insights;
}

export interface TodayInput {
  insights: readonly SpeciesInsights[];
  /** Today at the place: from its midnight to the next on `timeZone`'s clocks. */
  day: DayWindow;
  place: Place;
  timeZone: string;
  /** The weather hours known for today; a moment in none has no weather (its factors do not hold then). */
  forecastHours: readonly ForecastHour[];
  /** Highs and lows from before the day starts to after it ends at the nearest station; null: no station near. */
  tideTurns: readonly TideTurn[] | null;
}

type EffortBucket = Insights['effort'][number]['buckets'][number];

/** A clear effect behind a match, with the figures that show it. */
export interface TodayCondition {
  factor: TodayFactor;
  bucket: string;
  catches: number;
  hours: number;
  /** Fish per hour in the bucket and in the rest of the factor's time fished. */
  rate: number;
  restRate: number;
  ratio: number;
  /** The ratio's interval (Bonferroni-adjusted, core/insights.ts): `low` is how sure "better" is. */
  low: number;
  high: number;
}

export interface TodayWindow {
  start: Date;
  end: Date;
}

export interface TodayMatch {
  /** The species (null: all fish). */
  species: string | null;
  /** The conditions named: all the species' better-than-rest effects, or the strongest one alone. */
  conditions: TodayCondition[];
  /** When today all of `conditions` hold at once (two buckets of one factor: either); empty: not today. */
  windows: TodayWindow[];
}

/**
 * The insights of all fish and of each species in the log (its other names counted as one, core/species-aliases.ts),
 * each against every trip's time: a species' rate is its fish per hour fished. A species with too few fish to
 * compare comes out with no clear effect (computeInsights says `insufficient-data`), so none is left out here.
 */
export function insightsBySpecies(
  catches: readonly InsightCatch[],
  trips: readonly InsightTrip[],
): SpeciesInsights[] {
  const bySpecies = new Map<string, InsightCatch[]>();
  for (const item of catches) {
    const key = speciesKey(item.fishType);
    if (key === '') continue;
    const group = bySpecies.get(key);
    if (group) group.push(item);
    else bySpecies.set(key, [item]);
  }
  return [
    { species: null, insights: computeInsights(catches, trips) },
    ...[...bySpecies.values()].map((group) => ({
      species: speciesName(group[0]?.fishType ?? ''),
      insights: computeInsights(group, trips),
    })),
  ];
}

/**
 * The hour a weather reading (GET /api/weather) describes, read as a catch's weather is: the temperature, and the
 * 3-hour pressure change as a tendency by the one rule catches use (core/catch-conditions.ts `pressureTendency`).
 */
export function weatherReadingHour(
  weather: Pick<Weather, 'observedAt' | 'temperature' | 'pressureChange3h'>,
): ForecastHour | null {
  const observed = Date.parse(weather.observedAt);
  if (Number.isNaN(observed)) return null;
  return {
    start: new Date(Math.floor(observed / HOUR_MS) * HOUR_MS),
    airTemperature: weather.temperature,
    pressureTendency: weather.pressureChange3h === null ? null : pressureTendency(weather.pressureChange3h),
  };
}

/**
 * The hours of weather a GET /api/weather answer gives: its forecast hours (their tendency already by the one rule,
 * worked out by the server), else, for an answer kept from before the forecast was asked for, the hour of its
 * reading alone (weatherReadingHour).
 */
export function weatherForecastHours(
  weather: Pick<Weather, 'observedAt' | 'temperature' | 'pressureChange3h' | 'hours'>,
): ForecastHour[] {
  if (weather.hours && weather.hours.length > 0) {
    return weather.hours.flatMap((hour) => {
      const start = Date.parse(hour.start);
      if (Number.isNaN(start)) return [];
      return [
        { start: new Date(start), airTemperature: hour.temperature, pressureTendency: hour.pressureTendency },
      ];
    });
  }
  const reading = weatherReadingHour(weather);
  return reading ? [reading] : [];
}

/** The effects of one answer clearly better than the rest, for the factors today can be matched on. */
function betterEffects(insights: Insights): TodayCondition[] {
  const effects: TodayCondition[] = [];
  for (const factor of insights.effort) {
    if (factor.factor === 'spot') continue;
    for (const bucket of factor.buckets) {
      const condition = asCondition(factor.factor, bucket);
      if (condition) effects.push(condition);
    }
  }
  return effects.sort((a, b) => b.low - a.low);
}

function asCondition(factor: TodayFactor, bucket: EffortBucket): TodayCondition | null {
  const { rate, restRate, ratio, low, high } = bucket;
  if (bucket.verdict !== 'clear-effect' || ratio === null || ratio <= 1) return null;
  if (rate === null || restRate === null || low === null || high === null) return null;
  return {
    factor,
    bucket: bucket.bucket,
    catches: bucket.catches,
    hours: bucket.hours,
    rate,
    restRate,
    ratio,
    low,
    high,
  };
}

/** Today cut in the slices effort is counted in: on the clock's 5-minute marks, each read at its middle. */
function slicesOf(day: DayWindow): TodayWindow[] {
  const slices: TodayWindow[] = [];
  const end = day.end.getTime();
  let start = day.start.getTime();
  while (start < end) {
    const sliceEnd = Math.min(end, (Math.floor(start / SLICE_MS) + 1) * SLICE_MS);
    slices.push({ start: new Date(start), end: new Date(sliceEnd) });
    start = sliceEnd;
  }
  return slices;
}

const middleOf = (slice: TodayWindow) => new Date((slice.start.getTime() + slice.end.getTime()) / 2);

/** Each factor's bucket in each slice of today, read by the rules of core/trip-effort.ts; null where unknown. */
function bucketsToday(
  input: TodayInput,
  slices: readonly TodayWindow[],
): Record<TodayFactor, (string | null)[]> {
  const { day, place, timeZone, forecastHours, tideTurns } = input;
  const moments = slices.map(middleOf);

  // A phase names a whole local day, so the moon's bucket is the same all day (or all of each date, on the rare
  // day window that spans two).
  const phaseOfDate = new Map<string, string>();
  const moonPhaseAt = (moment: Date) => {
    const date = zonedDate(moment, timeZone);
    let phase = phaseOfDate.get(date);
    if (phase === undefined) {
      phase = moonPhase(zonedDayWindow(date, timeZone), moment).name;
      phaseOfDate.set(date, phase);
    }
    return phase;
  };

  const periods = solunarPeriods(
    moonDay(
      {
        start: new Date(day.start.getTime() - SOLUNAR_REACH_MS),
        end: new Date(day.end.getTime() + SOLUNAR_REACH_MS),
      },
      place,
    ),
  );
  const solunarAt = (moment: Date) => {
    const at = moment.getTime();
    const holding = periods.filter((period) => period.start.getTime() <= at && at <= period.end.getTime());
    return holding.some((period) => period.kind === 'major')
      ? 'major'
      : holding.length > 0
        ? 'minor'
        : 'none';
  };

  // As core/tide-prediction.ts `tideStateAt`: rising towards a high, falling towards a low, between two turns.
  const turns = [...(tideTurns ?? [])].sort((a, b) => a.time.getTime() - b.time.getTime());
  const tideStageAt = (moment: Date) => {
    const nextIndex = turns.findIndex((turn) => turn.time > moment);
    if (nextIndex <= 0) return null;
    return turns[nextIndex]?.type === 'high' ? 'rising' : 'falling';
  };

  const weatherAt = (moment: Date) =>
    forecastHours.find(
      (hour) => hour.start.getTime() <= moment.getTime() && moment.getTime() < hour.start.getTime() + HOUR_MS,
    ) ?? null;

  return {
    sunPhase: moments.map((moment) => sunPhaseAt(moment, place)),
    timeOfDay: moments.map((moment) => timeBand(zonedHour(moment, timeZone))),
    pressureTendency: moments.map((moment) => weatherAt(moment)?.pressureTendency ?? null),
    moonPhase: moments.map(moonPhaseAt),
    solunar: moments.map(solunarAt),
    tideStage: moments.map(tideStageAt),
    airTemperature: moments.map((moment) => {
      const temperature = weatherAt(moment)?.airTemperature;
      return temperature == null ? null : airTemperatureBand(temperature);
    }),
  };
}

/** The runs of slices where `holds`, each as one window. */
function windowsWhere(slices: readonly TodayWindow[], holds: (index: number) => boolean): TodayWindow[] {
  const windows: TodayWindow[] = [];
  slices.forEach((slice, index) => {
    if (!holds(index)) return;
    const last = windows[windows.length - 1];
    if (last && last.end.getTime() === slice.start.getTime()) last.end = slice.end;
    else windows.push({ start: slice.start, end: slice.end });
  });
  return windows;
}

const strength = (conditions: readonly TodayCondition[]) => Math.max(...conditions.map((c) => c.low));

/**
 * What today holds of the log's clear effects: per species (and all fish), the windows when all its
 * better-than-rest effects hold at once (two better buckets of one factor, dawn and dusk, count as either); when
 * they never do today, the strongest single effect that holds today, else the strongest alone with no window.
 * All fish are left out where a species names the very same conditions. Those that hold today first, then the
 * strongest (the ratio's low bound), at most TODAY_MATCHES_SHOWN; empty when the log has no clear effect.
 */
export function todayMatches(input: TodayInput): TodayMatch[] {
  const answers = input.insights
    .map(({ species, insights }) => ({ species, effects: betterEffects(insights) }))
    .filter(({ effects }) => effects.length > 0);
  if (answers.length === 0) return [];

  const slices = slicesOf(input.day);
  const buckets = bucketsToday(input, slices);
  const holds = (effects: readonly TodayCondition[]) => {
    const factors = TODAY_FACTORS.filter((factor) => effects.some((effect) => effect.factor === factor));
    return (index: number) =>
      factors.every((factor) => {
        const bucket = buckets[factor][index];
        return effects.some((effect) => effect.factor === factor && effect.bucket === bucket);
      });
  };

  const matches = answers.map(({ species, effects }): TodayMatch => {
    const together = windowsWhere(slices, holds(effects));
    if (together.length > 0) return { species, conditions: effects, windows: together };
    for (const effect of effects) {
      const windows = windowsWhere(slices, holds([effect]));
      if (windows.length > 0) return { species, conditions: [effect], windows };
    }
    return { species, conditions: effects.slice(0, 1), windows: [] };
  });
  // All fish saying what one species says already (a log of mostly walleye) says it once, for the species.
  const said = (match: TodayMatch) =>
    match.conditions
      .map((condition) => `${condition.factor}:${condition.bucket}`)
      .sort()
      .join(',');
  const bySpecies = new Set(matches.filter((match) => match.species !== null).map(said));
  // Those that hold today first, then the surest.
  return matches
    .filter((match) => match.species !== null || !bySpecies.has(said(match)))
    .sort(
      (a, b) =>
        Number(b.windows.length > 0) - Number(a.windows.length > 0) ||
        strength(b.conditions) - strength(a.conditions),
    )
    .slice(0, TODAY_MATCHES_SHOWN);
}
