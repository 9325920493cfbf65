import {
  type CatchTide,
  constantsKey,
  TIDE_STATION_REACH_KM,
  type TideDayAnswer,
  type TideStage,
  type TideStationListing,
  type TideStationsAnswer,
} from '#core/tides.ts';
import type { Clock } from '../clock.ts';
import type { TideStations } from './tide-stations.ts';

/**
 * The tide questions the server answers (docs/decisions/035-tides.md), from the tide stations (tide-stations.ts)
 * and core's predictor, the same code the phone runs. No provider, no I/O beyond reading the station index once.
 */

/**
 * The phone keeps the stations this far around where it asked: enough to tell the nearest station within reach of
 * any spot up to 25 km from there without asking again.
 */
export const STATIONS_AROUND_KM = TIDE_STATION_REACH_KM + 25;
/** At most this many of them (the nearest): along a busy coast (New York) there are 160 within 75 km. */
export const MAX_STATIONS_AROUND = 50;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The predictor (and its ~95 KB of code) is loaded at the first prediction, not with the server. */
let prediction: Promise<typeof import('#core/tide-prediction.ts')> | undefined;
const loadPrediction = () => {
  prediction ??= import('#core/tide-prediction.ts');
  return prediction;
};

export class TideService {
  private readonly stations: TideStations;
  private readonly clock: Clock;

  constructor(stations: TideStations, clock: Clock) {
    this.stations = stations;
    this.clock = clock;
  }

  /** The highs and lows of the day `date` (today at the station when not given) at the station nearest a spot. */
  async day(latitude: number, longitude: number, date?: string): Promise<TideDayAnswer> {
    const found = await this.stations.nearest(latitude, longitude, TIDE_STATION_REACH_KM);
    if (!found) return { station: null, date: date ?? null, extremes: [], attribution: null };
    const { station, distanceKm } = found;
    const { stationDate, tideTurnsOfDay } = await loadPrediction();
    const day = date ?? stationDate(station, this.clock.now());
    return {
      station: {
        id: station.id,
        name: station.name,
        source: station.source,
        distanceKm: oneDecimal(distanceKm),
        datum: station.datum,
        latitude: station.latitude,
        longitude: station.longitude,
        timeZone: station.timeZone,
      },
      date: day,
      extremes: tideTurnsOfDay(station, day).map((turn) => ({
        time: turn.time.toISOString(),
        type: turn.type,
        height: turn.height,
      })),
      attribution: station.attribution,
    };
  }

  /** The constants of the stations around a spot, nearest first (at most MAX_STATIONS_AROUND). */
  async stationsAround(latitude: number, longitude: number): Promise<TideStationsAnswer> {
    const { stations, completeWithinKm } = await this.stations.around(
      latitude,
      longitude,
      STATIONS_AROUND_KM,
      MAX_STATIONS_AROUND,
    );
    const constants: TideStationsAnswer['constants'] = {};
    const listings = stations.map(({ station }): TideStationListing => {
      const { constituents, ...listing } = station;
      constants[constantsKey(station)] ??= constituents;
      return listing;
    });
    return { latitude, longitude, completeWithinKm, stations: listings, constants };
  }

  /**
   * The tide at a spot and moment (a catch's place and time): the nearest station within reach, the water's
   * height and stage there then, the minutes since the last turn and to the next, and the fraction of the range.
   * Null inland (no station within TIDE_STATION_REACH_KM).
   */
  async tideAt(latitude: number, longitude: number, moment: Date): Promise<CatchTide | null> {
    const found = await this.stations.nearest(latitude, longitude, TIDE_STATION_REACH_KM);
    if (!found) return null;
    const { tideStateAt } = await loadPrediction();
    const state = tideStateAt(found.station, moment);
    if (!state) return null;
    return {
      stationId: found.station.id,
      stationName: found.station.name,
      distanceKm: oneDecimal(found.distanceKm),
      height: state.height,
      stage: state.stage,
      minutesSinceLastTurn: state.minutesSinceLastTurn,
      minutesToNextTurn: state.minutesToNextTurn,
      rangeFraction: state.rangeFraction,
    };
  }

  /**
   * The tide's stage at each moment of a span (a trip's hours) at the station nearest a spot, read as `tideAt`
   * reads a catch's; null inland (no station within TIDE_STATION_REACH_KM).
   */
  async tideStagesOver(
    latitude: number,
    longitude: number,
    start: Date,
    end: Date,
  ): Promise<((moment: Date) => TideStage | null) | null> {
    const found = await this.stations.nearest(latitude, longitude, TIDE_STATION_REACH_KM);
    if (!found) return null;
    const { tideStagesOver } = await loadPrediction();
    return tideStagesOver(found.station, start, end);
  }
}
