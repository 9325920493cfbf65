import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addReading, BAROMETER_REFRESH_MS, type PressureReading } from '#core/barometer.ts';
import type { Weather } from '#core/weather.ts';
import { useToolsLocation } from './tools-location.tsx';
import { fetchWeatherReading, WeatherOfflineError } from './weather-query.ts';

/**
 * A reading younger than this is taken from the query cache instead of asking the server again (the weather
 * card's fetch at mount doubles as the first reading); later readings, every 120 s, always ask.
 */
const BAROMETER_READING_MAX_AGE_MS = BAROMETER_REFRESH_MS / 2;

export interface BarometerState {
  /** The last READINGS_KEPT readings, in memory only (docs/product.md#barometer), oldest first. */
  readings: PressureReading[];
  /** The weather behind the newest reading (its pressure and the provider's 3-hour change). */
  latest: Weather | null;
  /** The last reading attempt failed (location or weather). */
  failed: boolean;
  /** The last reading attempt found the browser offline; the next one is taken as soon as it is back online. */
  offline: boolean;
  isReading: boolean;
  /** Takes a reading now (the Retry button; also starts the barometer). */
  read: () => void;
}

/**
 * The barometer (docs/product.md#barometer): once positions may be asked for, it reads the position and the pressure there
 * (the same GET /api/weather as the weather card) at once and then every BAROMETER_REFRESH_MS, skipping ticks
 * while the page is hidden and catching up when it is shown again. The interval stops on unmount.
 */
export function useBarometer(): BarometerState {
  const { enabled, permission, locate } = useToolsLocation();
  const queryClient = useQueryClient();
  const [readings, setReadings] = useState<PressureReading[]>([]);
  const [latest, setLatest] = useState<Weather | null>(null);
  const [failed, setFailed] = useState(false);
  const [offline, setOffline] = useState(false);
  const [isReading, setIsReading] = useState(false);
  const running = useRef(false);
  const failedRef = useRef(false);
  const offlineRef = useRef(false);
  const lastAttemptAt = useRef(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const takeReading = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    lastAttemptAt.current = Date.now();
    setIsReading(true);
    try {
      const position = await locate();
      const weather = await fetchWeatherReading(queryClient, position, BAROMETER_READING_MAX_AGE_MS);
      if (!mounted.current) return;
      setReadings((previous) => addReading(previous, { pressure: weather.pressure, timestamp: Date.now() }));
      setLatest(weather);
      failedRef.current = false;
      offlineRef.current = false;
      setFailed(false);
      setOffline(false);
    } catch (error) {
      // Offline is not a failure: the card says it needs a connection, and reads again once online.
      const isOffline = error instanceof WeatherOfflineError;
      failedRef.current = !isOffline;
      offlineRef.current = isOffline;
      if (mounted.current) {
        setFailed(!isOffline);
        setOffline(isOffline);
      }
    } finally {
      running.current = false;
      if (mounted.current) setIsReading(false);
    }
  }, [locate, queryClient]);

  useEffect(() => {
    if (!enabled) return;
    void takeReading();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void takeReading();
    }, BAROMETER_REFRESH_MS);
    const onVisible = () => {
      if (
        document.visibilityState === 'visible' &&
        Date.now() - lastAttemptAt.current >= BAROMETER_REFRESH_MS
      ) {
        void takeReading();
      }
    };
    // Back online after a reading found it offline: read at once, not at the next tick.
    const onOnline = () => {
      if (offlineRef.current) void takeReading();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, [enabled, takeReading]);

  // Location allowed in the browser's settings after a failed reading: read again at once, not at the next tick.
  const previousPermission = useRef(permission);
  useEffect(() => {
    const before = previousPermission.current;
    previousPermission.current = permission;
    if (permission === 'granted' && before === 'denied' && failedRef.current) void takeReading();
  }, [permission, takeReading]);

  const read = useCallback(() => void takeReading(), [takeReading]);
  return { readings, latest, failed, offline, isReading, read };
}
