import { useCallback, useEffect, useState } from 'react';
import type { Place, SkyDay } from '#core/astronomy.ts';

/** The astronomy code is a chunk of its own, fetched when the Sun & Moon card first has a position. */
const loadAstronomy = () => import('#core/astronomy.ts');

/** Recomputed this often, so the illumination stays current and a new day starts soon after midnight. */
const SKY_REFRESH_MS = 10 * 60_000;

/** Two decimals of a degree (about 1 km) change the times by seconds: no recomputing for every GPS fix. */
const roundCoordinate = (value: number) => Math.round(value * 100) / 100;

export interface SkyDayState {
  /** Today's sun and moon at the position, or null until computed. */
  sky: SkyDay | null;
  /** The astronomy chunk could not be loaded (offline with nothing precached). */
  failed: boolean;
  retry: () => void;
}

/** Today's sun and moon for a position, computed on the phone (core/astronomy.ts); no network. */
export function useSkyDay(place: Place | null): SkyDayState {
  const [sky, setSky] = useState<SkyDay | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const latitude = place ? roundCoordinate(place.latitude) : null;
  const longitude = place ? roundCoordinate(place.longitude) : null;

  useEffect(() => {
    const timer = setInterval(() => setRound((value) => value + 1), SKY_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the refresh tick and the retry.
  useEffect(() => {
    if (latitude === null || longitude === null) return;
    let cancelled = false;
    loadAstronomy().then(
      ({ skyDay }) => {
        if (cancelled) return;
        setSky(skyDay({ latitude, longitude }, new Date()));
        setFailed(false);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [latitude, longitude, round]);

  const retry = useCallback(() => setRound((value) => value + 1), []);
  return { sky, failed, retry };
}
