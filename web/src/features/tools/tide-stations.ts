import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TideStationsAnswer } from '#core/tides.ts';
import { API_PATHS } from '../../api/endpoints.ts';
import { getTideStations } from '../../api/tools-endpoints.ts';

/**
 * The tide stations the phone keeps (docs/decisions/035-tides.md): answers of GET /api/tides/stations in the
 * query cache, under ['/api/tides/stations', lat, lon] with the position rounded to 2 decimals (about a kilometre).
 * The kept query cache writes the newest few to the phone's storage (offline/query-persistence.ts), so the Tides
 * card predicts from them with no signal; they are forgotten with the rest of the account's copy at sign-out.
 */

const STATION_COORDINATE_DECIMALS = 2;

export interface Position {
  latitude: number;
  longitude: number;
}

const rounded = (value: number) => {
  const result = Number(value.toFixed(STATION_COORDINATE_DECIMALS));
  return result === 0 ? 0 : result;
};

/** The stations around a position (rounded): asked once, kept; the stations of a place change with the app. */
export function tideStationsQueryOptions(position: Position) {
  const latitude = rounded(position.latitude);
  const longitude = rounded(position.longitude);
  return queryOptions({
    queryKey: [API_PATHS.tideStations, latitude, longitude] as const,
    queryFn: () => getTideStations(latitude, longitude),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * Keeps the tide stations around a place the angler saved (a spot; decision 035), so its tides work there with no
 * signal: the answer joins the few the phone keeps. One without a station (an inland spot) is not kept, so it never
 * pushes a coastal one out. Offline, or refused, nothing is kept: the Tides card asks when the angler is there.
 */
export async function keepTideStationsAt(client: QueryClient, position: Position): Promise<void> {
  const options = tideStationsQueryOptions(position);
  try {
    const answer = await client.fetchQuery(options);
    if (answer.stations.length === 0) client.removeQueries({ queryKey: options.queryKey, exact: true });
  } catch {
    // Nothing to keep; the spot itself is saved through the outbox whatever happens here.
  }
}

/** Every answer of stations in the cache (restored from the phone's storage too), newest first. */
function keptTideStationAnswers(client: QueryClient): TideStationsAnswer[] {
  return client
    .getQueryCache()
    .findAll({ queryKey: [API_PATHS.tideStations] })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .map((query) => query.state.data as TideStationsAnswer);
}

const sameAnswers = (a: TideStationsAnswer[], b: TideStationsAnswer[]) =>
  a.length === b.length && a.every((answer, i) => answer === b[i]);

/** The kept answers, following the cache (a new answer, the kept copy restored after start-up, a sign-out). */
export function useKeptTideStationAnswers(): TideStationsAnswer[] {
  const client = useQueryClient();
  const [answers, setAnswers] = useState(() => keptTideStationAnswers(client));
  useEffect(() => {
    const update = () => {
      const next = keptTideStationAnswers(client);
      setAnswers((previous) => (sameAnswers(previous, next) ? previous : next));
    };
    update();
    return client.getQueryCache().subscribe(update);
  }, [client]);
  return answers;
}
