import { useCallback, useEffect, useState } from 'react';
import type { Place, SkyDay } from '#core/astronomy.ts';

/** The astronomy code is a chunk of its own, fetched when the Sun & Moon card first has a position. */
const loadAstronomy = () => import('#core/astronomy.ts');

/** Recomputed this often, so the illumination stays current and a new day starts soon after midnight. */
const SKY_REFRESH_MS = 10 * 60_000;

/** Two decimals of a degree (about 1 km) change the times by seconds: no recomputing for every GPS fix. */
const roundCoordinate = (value: number) => Math.round(value * 100) / 100;

/**
 * How long a sky worked out for one card serves another at the same position and on the same day: the Sun & Moon
 * and Today cards open together and would otherwise each work out the same day (tens of ms on a slow phone, on the
 * Tools tab's busiest moment). A refresh or a retry works it out again, unless another card has just done so.
 */
const SHARED_FOR_MS = 60_000;

/** The sky last worked out, with the position and the phone's local day it is for. */
let lastWorkedOut: { key: string; at: number; sky: SkyDay } | null = null;

const skyKey = (latitude: number, longitude: number, now: Date) =>
  `${latitude},${longitude},${now.toDateString()}`;

/** The sky another card worked out moments ago for this position and day, or null. */
function recentSky(latitude: number | null, longitude: number | null): SkyDay | null {
  if (latitude === null || longitude === null || lastWorkedOut === null) return null;
  const now = new Date();
  const fresh = now.getTime() - lastWorkedOut.at < SHARED_FOR_MS;
  return fresh && lastWorkedOut.key === skyKey(latitude, longitude, now) ? lastWorkedOut.sky : null;
}

export interface SkyDayState {
  /** Today's sun and moon at the position, or null until computed. */
  sky: SkyDay | null;
  /** The astronomy chunk could not be loaded (offline with nothing precached). */
  failed: boolean;
  retry: () => void;
}

/** Today's sun and moon for a position, computed on the phone (core/astronomy.ts); no network. */
export function useSkyDay(place: Place | null): SkyDayState {
  const latitude = place ? roundCoordinate(place.latitude) : null;
  const longitude = place ? roundCoordinate(place.longitude) : null;
  // A card opened after another already has the sky: it shows at once.
  const [sky, setSky] = useState<SkyDay | null>(() => recentSky(latitude, longitude));
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);

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
        let worked = recentSky(latitude, longitude);
        if (worked === null) {
          const now = new Date();
          worked = skyDay({ latitude, longitude }, now);
          lastWorkedOut = { key: skyKey(latitude, longitude, now), at: now.getTime(), sky: worked };
        }
        setSky(worked);
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
