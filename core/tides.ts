/**
 * Tides (docs/decisions/035-tides.md): what a tide station is to the server and the phone, what the tide routes
 * answer, and which station gives the tide at a spot (the nearest within TIDE_STATION_REACH_KM). The prediction
 * itself is core/tide-prediction.ts, kept apart so that what only measures distances does not load the predictor.
 */

import type { CatchConditions } from './catch-conditions.ts';

/** The farthest a station may be from a spot for its tide to be given there (why 50 km: decision 035). */
export const TIDE_STATION_REACH_KM = 50;

/** One harmonic constituent: amplitude in metres, phase lag in degrees (the station's epoch and zone, GMT). */
export interface TideConstituent {
  name: string;
  amplitude: number;
  phase: number;
}

/**
 * How a subordinate station's highs and lows differ from its reference station's: minutes later (or earlier), and
 * heights either multiplied (`ratio`) or raised by metres (`fixed`).
 */
interface TideOffsets {
  /** The reference station's id: the constants are its. */
  reference: string;
  time: { high: number; low: number };
  height: { high: number; low: number; type: 'ratio' | 'fixed' };
}

/** Everything needed to predict a station's tide, and to credit where its data comes from. */
export interface TideStation {
  /** The tide database's id: 'noaa/9447130', 'ticon/brest-…'. */
  id: string;
  name: string;
  /** Who published the constants, shortly: 'NOAA CO-OPS', 'TICON-4', 'Kartverket'… */
  source: string;
  latitude: number;
  longitude: number;
  /** The station's IANA time zone: its day is the day its highs and lows belong to. */
  timeZone: string;
  /** What the heights are measured from: the station's chart datum ('MLLW', 'LAT'…), or 'MSL'. */
  datum: string;
  /** Mean sea level above the datum, metres (the constant term of the harmonic sum). */
  datumOffset: number;
  /** The constants the prediction sums (a subordinate station's are its reference station's). */
  constituents: TideConstituent[];
  /** A subordinate station's corrections to its reference's highs and lows; null for a reference station. */
  offsets: TideOffsets | null;
  /** The credit the station's data licence asks for, ready to show. */
  attribution: string;
}

type TideType = 'high' | 'low';

/** Rising towards a high, or falling towards a low. */
export type TideStage = 'rising' | 'falling';

/** A high or low water: when (to the minute) and how high (feet above the datum). */
export interface TideTurn {
  time: Date;
  type: TideType;
  height: number;
}

/** The water at a moment, between the turn before it and the turn after it. */
export interface TideState {
  /** Feet above the station's datum. */
  height: number;
  stage: TideStage;
  lastTurn: TideTurn;
  nextTurn: TideTurn;
  minutesSinceLastTurn: number;
  minutesToNextTurn: number;
  /** Where the water stands between the low and the high around it: 0 at low water, 1 at high water. */
  rangeFraction: number;
}

/** A point of the water's curve. */
export interface TidePoint {
  time: Date;
  height: number;
}

const EARTH_RADIUS_KM = 6371;
const RADIANS = Math.PI / 180;

/** Great-circle distance in km on the sphere geokdbush uses (radius 6371 km), so server and phone measure alike. */
export function distanceKm(
  latitude1: number,
  longitude1: number,
  latitude2: number,
  longitude2: number,
): number {
  const dLat = (latitude2 - latitude1) * RADIANS;
  const dLon = (longitude2 - longitude1) * RADIANS;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(latitude1 * RADIANS) * Math.cos(latitude2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The station nearest to a spot among `stations`, if one is within `reachKm` (inclusive). */
export function nearestTideStation<S extends { latitude: number; longitude: number }>(
  stations: Iterable<S>,
  latitude: number,
  longitude: number,
  reachKm: number = TIDE_STATION_REACH_KM,
): { station: S; distanceKm: number } | null {
  let nearest: { station: S; distanceKm: number } | null = null;
  for (const station of stations) {
    const distance = distanceKm(latitude, longitude, station.latitude, station.longitude);
    if (distance <= reachKm && (nearest === null || distance < nearest.distanceKm)) {
      nearest = { station, distanceKm: distance };
    }
  }
  return nearest;
}

// ---------------------------------------------------------------------------------------------------------------
// What the tide routes answer (the server's zod schemas in server/tides/tides.routes.ts satisfy these)

/** The station a tide comes from, as GET /api/tides names it. */
export interface TideStationSummary {
  id: string;
  name: string;
  source: string;
  /** From the spot asked about, km (one decimal). */
  distanceKm: number;
  datum: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** A high or low water as the API sends it. */
export interface TideExtreme {
  /** ISO 8601 (UTC), to the minute. */
  time: string;
  type: TideType;
  /** Feet above the station's datum. */
  height: number;
}

/** GET /api/tides: the station's day, or `station: null` where no station is within reach (inland). */
export interface TideDayAnswer {
  station: TideStationSummary | null;
  /** The station's day ('YYYY-MM-DD'): the one asked for, else today at the station; null with no station. */
  date: string | null;
  /** Its highs and lows in time order (by the station's clocks, a day can have three or five). */
  extremes: TideExtreme[];
  /** The credit the station's data asks for; null with no station. */
  attribution: string | null;
}

/** A station as GET /api/tides/stations lists it: its constants are in the answer's `constants`. */
export type TideStationListing = Omit<TideStation, 'constituents'>;

/**
 * GET /api/tides/stations: the stations around a spot and their constants, for the phone to predict with no
 * signal. Subordinate stations share their reference station's constants, so the constants come once per
 * station whose they are (constantsKey). Every station closer to the spot than `completeWithinKm` is in the list,
 * so the phone knows for which spots its copy can tell the nearest station (keptStationAt).
 */
export interface TideStationsAnswer {
  latitude: number;
  longitude: number;
  completeWithinKm: number;
  stations: TideStationListing[];
  constants: Record<string, TideConstituent[]>;
}

/** Under which key a station's constants are listed: its reference station's id, or its own. */
export function constantsKey(station: Pick<TideStation, 'id' | 'offsets'>): string {
  return station.offsets?.reference ?? station.id;
}

/**
 * The tide at a catch, as its conditions carry it (core/catch-schema.ts catchConditionsSchema): where it comes from,
 * the water's height and stage at the catch's moment, and how far into the tide it was. Null inland.
 */
export type CatchTide = NonNullable<CatchConditions['tide']>;

/**
 * The station for a spot from stations the phone kept (answers of GET /api/tides/stations): the nearest within
 * reach, if one of the kept answers is complete far enough around the spot to be sure no nearer station was left
 * out, or to be sure there is none (null). Undefined when the kept answers cannot tell.
 */
export function keptStationAt(
  kept: Iterable<TideStationsAnswer>,
  latitude: number,
  longitude: number,
): { station: TideStation; distanceKm: number } | null | undefined {
  for (const answer of kept) {
    const fromCentre = distanceKm(answer.latitude, answer.longitude, latitude, longitude);
    const nearest = nearestTideStation(answer.stations, latitude, longitude);
    // A station nearer to the spot than `nearest` (or within reach, with none) is at most this far from the centre.
    const farthestThatCouldMatter = fromCentre + (nearest ? nearest.distanceKm : TIDE_STATION_REACH_KM);
    if (farthestThatCouldMatter >= answer.completeWithinKm) continue;
    if (!nearest) return null;
    const constituents = answer.constants[constantsKey(nearest.station)];
    if (!constituents) continue;
    return { station: { ...nearest.station, constituents }, distanceKm: nearest.distanceKm };
  }
  return undefined;
}

/**
 * The nearest station within reach among every kept answer, whether or not a kept answer is complete enough to be
 * sure of it: what the phone shows offline where its copy cannot tell (a real station within reach, perhaps not
 * the nearest). Null when none is within reach.
 */
export function nearestKeptStation(
  kept: Iterable<TideStationsAnswer>,
  latitude: number,
  longitude: number,
): { station: TideStation; distanceKm: number } | null {
  let best: { station: TideStation; distanceKm: number } | null = null;
  for (const answer of kept) {
    const nearest = nearestTideStation(answer.stations, latitude, longitude);
    const constituents = nearest && answer.constants[constantsKey(nearest.station)];
    if (nearest && constituents && (best === null || nearest.distanceKm < best.distanceKm)) {
      best = { station: { ...nearest.station, constituents }, distanceKm: nearest.distanceKm };
    }
  }
  return best;
}
