import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The device position (docs/product.md#location), shared by the log form
 * and the fishing tools. The promise helper is plain so it can be tested with a fake geolocation.
 */

export interface DeviceLocation {
  latitude: number;
  longitude: number;
  accuracy: number;
  elevation: number | null;
  timestamp: number;
}

/** docs/product.md#location: high accuracy, 10 s timeout, never a cached position. */
const LOCATION_REQUEST_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 0,
};

export type LocationErrorKind =
  | 'notSupported'
  | 'permissionDenied'
  | 'positionUnavailable'
  | 'timeout'
  | 'unknown';

/** The on-screen location messages of docs/product.md#location. */
export const LOCATION_ERROR_MESSAGES: Record<LocationErrorKind, string> = {
  notSupported: 'Geolocation is not supported by your browser',
  permissionDenied: 'Location permission denied. Please allow location access in your browser settings.',
  positionUnavailable: "Position unavailable. The network is down or satellites can't be reached.",
  timeout: 'Timeout. The request to get user location timed out.',
  unknown: 'Unknown error occurred.',
};

export class DeviceLocationError extends Error {
  readonly kind: LocationErrorKind;

  constructor(kind: LocationErrorKind) {
    super(LOCATION_ERROR_MESSAGES[kind]);
    this.name = 'DeviceLocationError';
    this.kind = kind;
  }
}

/** Maps a GeolocationPositionError code (1, 2, 3) to our error kind. */
export function locationErrorKind(code: number): LocationErrorKind {
  switch (code) {
    case 1:
      return 'permissionDenied';
    case 2:
      return 'positionUnavailable';
    case 3:
      return 'timeout';
    default:
      return 'unknown';
  }
}

/** The browser's geolocation, or null when there is none (old browsers, insecure origins, tests). */
export function browserGeolocation(): Geolocation | null {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
}

/**
 * The position requests of the page (the Log form's and the Tools tab's), one after the other. Chromium left a
 * request made while another was being answered without an answer until its 10 s timeout (seen with an emulated
 * position, once the Log tab loaded fast enough to ask at the same moment as Tools: decision 023), so each waits for
 * the one before it to settle, and starts on a task of its own.
 */
let previousRequest: Promise<unknown> = Promise.resolve();

/** One position request. Rejects with DeviceLocationError. */
export function getDeviceLocation(
  geolocation: Geolocation | null = browserGeolocation(),
): Promise<DeviceLocation> {
  const request = previousRequest
    .catch(() => {})
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => askDevice(geolocation));
  previousRequest = request;
  return request;
}

function askDevice(geolocation: Geolocation | null): Promise<DeviceLocation> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new DeviceLocationError('notSupported'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
          elevation: position.coords.altitude ?? null,
          timestamp: position.timestamp,
        }),
      (error) => reject(new DeviceLocationError(locationErrorKind(error.code))),
      LOCATION_REQUEST_OPTIONS,
    );
  });
}

export interface DeviceLocationState {
  /** The last position obtained, kept across later failures. */
  location: DeviceLocation | null;
  /** What went wrong with the last request, or null. */
  error: LocationErrorKind | null;
  /** The docs/product.md#location text for `error`, or null. */
  errorMessage: string | null;
  isLocating: boolean;
  isSupported: boolean;
  /**
   * Asks for the position. Resolves with it, or with null on failure (then `error` says why);
   * calls made while a request is running share it.
   */
  requestLocation: () => Promise<DeviceLocation | null>;
}

/** React state around getDeviceLocation. Pass `geolocation` only in tests. */
export function useDeviceLocation(
  geolocation: Geolocation | null = browserGeolocation(),
): DeviceLocationState {
  const [location, setLocation] = useState<DeviceLocation | null>(null);
  const [error, setError] = useState<LocationErrorKind | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const inFlight = useRef<Promise<DeviceLocation | null> | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const requestLocation = useCallback((): Promise<DeviceLocation | null> => {
    if (inFlight.current) return inFlight.current;
    setIsLocating(true);
    const request = getDeviceLocation(geolocation).then(
      (found) => {
        if (mounted.current) {
          setLocation(found);
          setError(null);
        }
        return found;
      },
      (failure: unknown) => {
        if (mounted.current) setError(failure instanceof DeviceLocationError ? failure.kind : 'unknown');
        return null;
      },
    );
    inFlight.current = request;
    void request.finally(() => {
      inFlight.current = null;
      if (mounted.current) setIsLocating(false);
    });
    return request;
  }, [geolocation]);

  return {
    location,
    error,
    errorMessage: error ? LOCATION_ERROR_MESSAGES[error] : null,
    isLocating,
    isSupported: geolocation !== null,
    requestLocation,
  };
}
