import { describe, expect, it } from 'vitest';
import {
  constantsKey,
  distanceKm,
  keptStationAt,
  nearestKeptStation,
  nearestTideStation,
  TIDE_STATION_REACH_KM,
  type TideStationListing,
  type TideStationsAnswer,
} from './tides.ts';

/** km per degree of latitude on the 6371 km sphere: moving along a meridian by d km is d / this degrees. */
const KM_PER_DEGREE = (6371 * Math.PI) / 180;

function listing(id: string, latitude: number, longitude: number, reference?: string): TideStationListing {
  return {
    id,
    name: id,
    source: 'Test',
    latitude,
    longitude,
    timeZone: 'Etc/GMT',
    datum: 'MSL',
    datumOffset: 0,
    offsets: reference
      ? { reference, time: { high: 0, low: 0 }, height: { high: 1, low: 1, type: 'ratio' } }
      : null,
    attribution: 'Test data',
  };
}

const M2 = [{ name: 'M2', amplitude: 1, phase: 0 }];

describe('distances', () => {
  it('are great-circle km on the 6371 km sphere', () => {
    expect(distanceKm(0, 0, 1, 0)).toBeCloseTo(KM_PER_DEGREE, 9);
    // Boston to Seattle: 4,000 km by the usual tables.
    expect(distanceKm(42.3548, -71.0503, 47.6026, -122.3393)).toBeCloseTo(4001, -1);
    // Across the date line.
    expect(distanceKm(0, 179.9, 0, -179.9)).toBeCloseTo(0.2 * KM_PER_DEGREE, 6);
  });
});

describe('the nearest station', () => {
  const stations = [listing('a', 10, 0), listing('b', 10.3, 0)];

  it('is the closest within reach, the reach itself included', () => {
    expect(nearestTideStation(stations, 10.1, 0)?.station.id).toBe('a');
    expect(nearestTideStation(stations, 10.2, 0)?.station.id).toBe('b');
    const atTheEdge = nearestTideStation(stations, 10 - TIDE_STATION_REACH_KM / KM_PER_DEGREE, 0);
    expect(atTheEdge?.station.id).toBe('a');
    expect(atTheEdge?.distanceKm).toBeCloseTo(TIDE_STATION_REACH_KM, 6);
    expect(nearestTideStation(stations, 10 - (TIDE_STATION_REACH_KM + 0.01) / KM_PER_DEGREE, 0)).toBeNull();
  });
});

describe('a station from the stations the phone kept', () => {
  // Kept around (10, 0), complete within 75 km: a at the centre, b 40 km north, its subordinate c 45 km north.
  const answer: TideStationsAnswer = {
    latitude: 10,
    longitude: 0,
    completeWithinKm: 75,
    stations: [
      listing('a', 10, 0),
      listing('b', 10 + 40 / KM_PER_DEGREE, 0),
      listing('c', 10 + 45 / KM_PER_DEGREE, 0, 'b'),
    ],
    constants: { a: M2, b: M2 },
  };
  const north = (km: number) => 10 + km / KM_PER_DEGREE;

  it('is the nearest kept one where the copy is sure no nearer station was left out, with its constants', () => {
    const found = keptStationAt([answer], north(5), 0);
    expect(found?.station.id).toBe('a');
    expect(found?.station.constituents).toEqual(M2);
    expect(found?.distanceKm).toBeCloseTo(5, 6);
    // A subordinate station predicts with its reference station's constants.
    expect(keptStationAt([answer], north(44), 0)?.station).toMatchObject({ id: 'c', constituents: M2 });
    expect(constantsKey(answer.stations[2] as TideStationListing)).toBe('b');
  });

  it('cannot tell where a nearer station could lie outside the kept circle', () => {
    // 62 km north: c is 17 km away, but a station 17 km away could be 79 km from the centre.
    expect(keptStationAt([answer], north(62), 0)).toBeUndefined();
    // 55 km north: c is 10 km away, and a station nearer than that is within 65 km of the centre: kept.
    expect(keptStationAt([answer], north(55), 0)?.station.id).toBe('c');
  });

  it('is none where the kept circle covers the whole reach of the spot and holds no station in it', () => {
    const empty: TideStationsAnswer = { ...answer, stations: [], constants: {} };
    expect(keptStationAt([empty], north(20), 0)).toBeNull();
    expect(keptStationAt([empty], north(30), 0)).toBeUndefined();
  });

  it('asks each kept answer in turn', () => {
    const elsewhere: TideStationsAnswer = { ...answer, latitude: 50, longitude: 50 };
    expect(keptStationAt([elsewhere, answer], north(5), 0)?.station.id).toBe('a');
    expect(keptStationAt([], north(5), 0)).toBeUndefined();
  });

  it('offline, where no kept answer can tell, is at best the nearest kept station within reach', () => {
    expect(keptStationAt([answer], north(62), 0)).toBeUndefined();
    expect(nearestKeptStation([answer], north(62), 0)?.station).toMatchObject({ id: 'c', constituents: M2 });
    expect(nearestKeptStation([answer], north(100), 0)).toBeNull();
  });

  it('trusts a cut list only as far as it is complete', () => {
    // The server kept the nearest stations only: complete within 20 km (the first one left out was that far).
    const cut: TideStationsAnswer = {
      ...answer,
      completeWithinKm: 20,
      stations: [listing('a', 10, 0)],
      constants: { a: M2 },
    };
    expect(keptStationAt([cut], north(5), 0)?.station.id).toBe('a');
    expect(keptStationAt([cut], north(11), 0)).toBeUndefined();
  });
});
