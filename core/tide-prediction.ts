/**
 * The tide predicted from a station's constants (core/tides.ts, docs/decisions/035-tides.md), the same way on the
 * server and on the phone: the highs and lows of a station's day, the curve of the water, and the tide at a moment
 * (rising or falling, how long since the last turn and until the next, how far between low and high). Pure: no
 * I/O. The harmonic sum, its nodal corrections and the search for highs and lows are the MIT-licensed
 * `@neaps/tide-predictor`; a subordinate station carries its reference station's constants and the corrections of
 * its highs and lows, and its curve between them follows the reference's, as NOAA predicts them.
 *
 * Heights are in feet above the station's datum (the API's unit); turns are rounded to the minute and a
 * hundredth of a foot, so the phone and the server give the very same figures from the very same constants.
 */

import { createTidePredictor, type ExtremeOffsets } from '@neaps/tide-predictor';
import type { DayWindow } from './astronomy.ts';
import type { TidePoint, TideStage, TideState, TideStation, TideTurn } from './tides.ts';
import { METRES_PER_FOOT } from './units.ts';
import { zonedDate, zonedDayWindow } from './zoned-day.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/**
 * Highs and lows are searched this far beyond the span asked for: a subordinate station's turns are its
 * reference's moved by their time offsets (up to about 12 hours in the database), and a diurnal tide turns only
 * about every 12 hours.
 */
const SEARCH_MARGIN_MS = 27 * HOUR_MS;

const roundToMinute = (ms: number) => new Date(Math.round(ms / MINUTE_MS) * MINUTE_MS);
const feet = (metres: number) => Math.round((metres / METRES_PER_FOOT) * 100) / 100;

function predictor(station: TideStation) {
  return createTidePredictor(station.constituents, { offset: station.datumOffset });
}

function predictorOffsets(station: TideStation): ExtremeOffsets | undefined {
  return station.offsets ?? undefined;
}

/** Every high and low between `start` (inclusive) and `end` (exclusive), in time order. */
export function tideTurns(station: TideStation, start: Date, end: Date): TideTurn[] {
  const extremes = predictor(station).getExtremesPrediction({
    start: new Date(start.getTime() - SEARCH_MARGIN_MS),
    end: new Date(end.getTime() + SEARCH_MARGIN_MS),
    offsets: predictorOffsets(station),
  });
  return extremes
    .map((extreme) => ({
      time: roundToMinute(extreme.time.getTime()),
      type: extreme.high ? ('high' as const) : ('low' as const),
      height: feet(extreme.level),
    }))
    .filter((turn) => turn.time >= start && turn.time < end)
    .sort((a, b) => a.time.getTime() - b.time.getTime());
}

/** The station's day `date` ('YYYY-MM-DD') by its own clocks: 23 or 25 hours long on a clock change. */
export function stationDay(station: TideStation, date: string): DayWindow {
  return zonedDayWindow(date, station.timeZone);
}

/** The date ('YYYY-MM-DD') the station's clocks show at `moment`. */
export function stationDate(station: TideStation, moment: Date): string {
  return zonedDate(moment, station.timeZone);
}

/** The highs and lows of the station's day `date`. */
export function tideTurnsOfDay(station: TideStation, date: string): TideTurn[] {
  const { start, end } = stationDay(station, date);
  return tideTurns(station, start, end);
}

/** The height of the water at `moment` (to the second), in feet above the datum, not rounded. */
function heightAt(station: TideStation, moment: Date): number {
  // Not getWaterLevelAtTime: it answers for the moment rounded down to 10 minutes (the start of its timeline).
  const [point] = predictor(station).getTimelinePrediction({
    start: moment,
    end: new Date(moment.getTime() + 1000),
    timeFidelity: 1,
    offsets: predictorOffsets(station),
  });
  if (!point) throw new Error('the predictor gave no level');
  return point.level / METRES_PER_FOOT;
}

/**
 * The water's curve from `start` to `end`, for a chart: a point at every multiple of `stepMinutes` since the epoch,
 * from the last one at or before `start` to the first one at or after `end`. A subordinate station's curve passes
 * through its corrected highs and lows.
 */
export function tideCurve(station: TideStation, start: Date, end: Date, stepMinutes = 15): TidePoint[] {
  return predictor(station)
    .getTimelinePrediction({ start, end, timeFidelity: stepMinutes * 60, offsets: predictorOffsets(station) })
    .map((point) => ({ time: point.time, height: point.level / METRES_PER_FOOT }));
}

/** The water rises towards a high and falls towards a low. */
function stageTowards(nextTurn: TideTurn): TideStage {
  return nextTurn.type === 'high' ? 'rising' : 'falling';
}

/**
 * The tide's stage at any moment from `start` to `end` (a trip's hours), as `tideStateAt` names it, with the turns
 * searched once for the whole span instead of once a moment. Null where no turn is found on either side.
 */
export function tideStagesOver(
  station: TideStation,
  start: Date,
  end: Date,
): (moment: Date) => TideStage | null {
  const turns = tideTurns(
    station,
    new Date(start.getTime() - SEARCH_MARGIN_MS),
    new Date(end.getTime() + SEARCH_MARGIN_MS),
  );
  return (moment) => {
    const nextIndex = turns.findIndex((turn) => turn.time > moment);
    const nextTurn = nextIndex > 0 ? turns[nextIndex] : undefined;
    return nextTurn ? stageTowards(nextTurn) : null;
  };
}

/**
 * The tide at `moment`: its height, rising or falling, the turns either side and the fraction of the range the
 * water has covered from the low towards the high. Null only if no turn is found within a day either side (no
 * real station: the search reaches 27 hours).
 */
export function tideStateAt(station: TideStation, moment: Date): TideState | null {
  const turns = tideTurns(
    station,
    new Date(moment.getTime() - SEARCH_MARGIN_MS),
    new Date(moment.getTime() + SEARCH_MARGIN_MS),
  );
  const nextIndex = turns.findIndex((turn) => turn.time > moment);
  const lastTurn = nextIndex > 0 ? turns[nextIndex - 1] : undefined;
  const nextTurn = nextIndex >= 0 ? turns[nextIndex] : undefined;
  if (!lastTurn || !nextTurn) return null;
  const height = heightAt(station, moment);
  const low = lastTurn.type === 'low' ? lastTurn.height : nextTurn.height;
  const high = lastTurn.type === 'high' ? lastTurn.height : nextTurn.height;
  const range = high - low;
  const fraction = range > 0 ? Math.min(1, Math.max(0, (height - low) / range)) : 0.5;
  return {
    height: Math.round(height * 100) / 100,
    stage: stageTowards(nextTurn),
    lastTurn,
    nextTurn,
    minutesSinceLastTurn: Math.round((moment.getTime() - lastTurn.time.getTime()) / MINUTE_MS),
    minutesToNextTurn: Math.round((nextTurn.time.getTime() - moment.getTime()) / MINUTE_MS),
    rangeFraction: Math.round(fraction * 100) / 100,
  };
}
