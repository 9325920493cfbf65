// The tide stations, searched by distance (docs/decisions/035-tides.md): the index of tide-index.ts, read at the
// first question (not at start), in a k-d tree (kdbush) searched by great-circle distance (geokdbush). A station
// comes out as core's TideStation, the very shape the phone predicts from.
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { distanceKm, type TideConstituent, type TideStation } from '#core/tides.ts';
import { amplitudeOf, loadTideIndex, phaseOf, type TideIndex } from './tide-index.ts';

export interface StationAtDistance {
  station: TideStation;
  distanceKm: number;
}

/** The stations near a spot, nearest first, and how far around the spot the list is complete. */
export interface StationsAround {
  stations: StationAtDistance[];
  /** Every station closer to the spot than this (km) is in `stations`. */
  completeWithinKm: number;
}

/** geokdbush measures on the same sphere as core's distanceKm; a hair more keeps rounding from losing one. */
const SEARCH_SLACK_KM = 0.001;

interface LoadedIndex {
  index: TideIndex;
  tree: KDBush;
}

export class TideStations {
  private loading: Promise<LoadedIndex> | null = null;
  private readonly load: () => Promise<{ index: TideIndex }>;

  /** `load` gives the index (by default the built file, else built in a worker); called at the first question. */
  constructor(load: () => Promise<{ index: TideIndex }> = loadTideIndex) {
    this.load = load;
  }

  /** Reads the index now (the server does it at the first tide question; tests and benchmarks may want it now). */
  async ready(): Promise<void> {
    await this.loaded();
  }

  private loaded(): Promise<LoadedIndex> {
    this.loading ??= this.load().then(
      ({ index }) => {
        const tree = new KDBush(index.stations.length, 64, Float64Array);
        for (let i = 0; i < index.stations.length; i++) {
          tree.add(index.coordinates[2 * i] as number, index.coordinates[2 * i + 1] as number);
        }
        tree.finish();
        return { index, tree };
      },
      (error: unknown) => {
        // The next question tries again.
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  /** The nearest station within `reachKm` (inclusive) of a spot, or null. */
  async nearest(latitude: number, longitude: number, reachKm: number): Promise<StationAtDistance | null> {
    const { stations } = await this.around(latitude, longitude, reachKm, 1);
    return stations[0] ?? null;
  }

  /**
   * Up to `maxCount` stations within `radiusKm` (inclusive) of a spot, nearest first. When more were there, the
   * list is complete only within the distance of the first one left out.
   */
  async around(
    latitude: number,
    longitude: number,
    radiusKm: number,
    maxCount: number,
  ): Promise<StationsAround> {
    const { index, tree } = await this.loaded();
    const found = around(tree, longitude, latitude, maxCount + 1 + 4, radiusKm + SEARCH_SLACK_KM)
      .map((i) => ({
        i,
        distanceKm: distanceKm(
          latitude,
          longitude,
          index.coordinates[2 * i + 1] as number,
          index.coordinates[2 * i] as number,
        ),
      }))
      .filter((candidate) => candidate.distanceKm <= radiusKm)
      .sort((a, b) => a.distanceKm - b.distanceKm);
    const kept = found.slice(0, maxCount);
    const firstLeftOut = found[maxCount];
    return {
      stations: kept.map(({ i, distanceKm }) => ({ station: stationOf(index, i), distanceKm })),
      completeWithinKm: firstLeftOut ? firstLeftOut.distanceKm : radiusKm,
    };
  }
}

/** Station `i` of the index as core's TideStation. */
function stationOf(index: TideIndex, i: number): TideStation {
  const meta = index.stations[i];
  if (!meta) throw new RangeError(`No tide station ${i}`);
  const start = index.constituentStart[i] as number;
  const constituents: TideConstituent[] = [];
  for (let row = start; row < start + (index.constituentCount[i] as number); row++) {
    constituents.push({
      name: index.constituentNames[index.constituentName[row] as number] as string,
      amplitude: amplitudeOf(index, row),
      phase: phaseOf(index, row),
    });
  }
  const offsets = meta.offsets;
  return {
    id: meta.id,
    name: meta.name,
    source: index.sources[meta.source] as string,
    latitude: index.coordinates[2 * i + 1] as number,
    longitude: index.coordinates[2 * i] as number,
    timeZone: index.timeZones[meta.timeZone] as string,
    datum: index.datums[meta.datum] as string,
    datumOffset: index.datumOffsets[i] as number,
    constituents,
    offsets: offsets
      ? {
          reference: offsets[0],
          time: { high: offsets[1], low: offsets[2] },
          height: { high: offsets[3], low: offsets[4], type: offsets[5] === 1 ? 'fixed' : 'ratio' },
        }
      : null,
    attribution: index.attributions[meta.attribution] as string,
  };
}
