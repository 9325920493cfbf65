import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { PlaceMatch } from '#core/places.ts';
import {
  browserGeolocation,
  type DeviceLocation,
  DeviceLocationError,
  getDeviceLocation,
} from '../catches/use-device-location.ts';

/**
 * One device position shared by the Tools tab's cards (weather, barometer, gear), so a single consent and a
 * single request serve them all. Built on getDeviceLocation (docs/product.md#location: high accuracy, 10 s, no cached
 * position); unlike useDeviceLocation it also follows the browser's geolocation permission and rejects with the
 * DeviceLocationError, which the gear card's 'Location Error' toast needs.
 *
 * Nothing asks for the position until the angler does ('Enable Weather', 'Start Barometer', 'Get
 * Recommendations') unless the browser has already decided: when permission is granted the cards fill in at
 * once; when it is denied they show their location message straight away (asking would not prompt anyway).
 */

export type LocationPermission = 'checking' | 'granted' | 'denied' | 'prompt';

export interface ToolsLocation {
  permission: LocationPermission;
  /** Positions may be requested without a prompt of ours: the browser decided, or the angler asked. */
  enabled: boolean;
  /** The last position obtained (kept when a later request fails). */
  location: DeviceLocation | null;
  /** Why the last request failed, or null after a success. */
  error: DeviceLocationError | null;
  isLocating: boolean;
  /** Asks for the position, sharing a request already running. Rejects with DeviceLocationError. */
  locate: () => Promise<DeviceLocation>;
  /**
   * A place the angler chose instead of the device's position (docs/decisions/026-choosing-a-place.md): while set,
   * every card uses it and the device is not asked. Kept for this visit only.
   */
  chosenPlace: PlaceMatch | null;
  choosePlace: (place: PlaceMatch | null) => void;
}

const ToolsLocationContext = createContext<ToolsLocation | null>(null);

/** The browser's answer for geolocation, or 'prompt' where the Permissions API cannot tell. */
async function watchPermission(
  onChange: (state: LocationPermission) => void,
): Promise<(() => void) | undefined> {
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    const read = () => onChange(status.state);
    read();
    status.addEventListener('change', read);
    return () => status.removeEventListener('change', read);
  } catch {
    // No Permissions API (or no geolocation entry in it): behave as if the browser would ask.
    onChange('prompt');
    return undefined;
  }
}

export function ToolsLocationProvider({ children }: { children: ReactNode }) {
  const [permission, setPermission] = useState<LocationPermission>('checking');
  const [asked, setAsked] = useState(false);
  const [location, setLocation] = useState<DeviceLocation | null>(null);
  const [error, setError] = useState<DeviceLocationError | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const [chosenPlace, setChosenPlace] = useState<PlaceMatch | null>(null);
  const inFlight = useRef<Promise<DeviceLocation> | null>(null);
  const mounted = useRef(true);
  const hasLocation = useRef(false);

  useEffect(() => {
    mounted.current = true;
    let cancelled = false;
    let stop: (() => void) | undefined;
    void watchPermission((state) => {
      if (!cancelled) setPermission(state);
    }).then((unsubscribe) => {
      if (cancelled) unsubscribe?.();
      else stop = unsubscribe;
    });
    return () => {
      cancelled = true;
      mounted.current = false;
      stop?.();
    };
  }, []);

  const chosenLocation = useMemo<DeviceLocation | null>(
    () =>
      chosenPlace && {
        latitude: chosenPlace.latitude,
        longitude: chosenPlace.longitude,
        accuracy: 0,
        elevation: null,
        timestamp: Date.now(),
      },
    [chosenPlace],
  );

  const locateDevice = useCallback((): Promise<DeviceLocation> => {
    setAsked(true);
    if (inFlight.current) return inFlight.current;
    setIsLocating(true);
    const request = getDeviceLocation(browserGeolocation()).then(
      (found) => {
        hasLocation.current = true;
        if (mounted.current) {
          setLocation(found);
          setError(null);
        }
        return found;
      },
      (failure: unknown) => {
        const reason = failure instanceof DeviceLocationError ? failure : new DeviceLocationError('unknown');
        if (mounted.current) setError(reason);
        throw reason;
      },
    );
    inFlight.current = request;
    const settle = () => {
      inFlight.current = null;
      if (mounted.current) setIsLocating(false);
    };
    request.then(settle, settle);
    return request;
  }, []);

  const locate = useCallback(
    (): Promise<DeviceLocation> => (chosenLocation ? Promise.resolve(chosenLocation) : locateDevice()),
    [chosenLocation, locateDevice],
  );

  // The browser already answered: fetch at once (granted) or show the message at once (denied). Also runs
  // when the angler allows location in the browser's settings while the tab is open.
  useEffect(() => {
    if ((permission === 'granted' || permission === 'denied') && !hasLocation.current) {
      locateDevice().catch(() => {
        // Shown by the cards through `error`.
      });
    }
  }, [permission, locateDevice]);

  const value = useMemo<ToolsLocation>(
    () => ({
      permission,
      enabled:
        asked ||
        permission === 'granted' ||
        permission === 'denied' ||
        location !== null ||
        chosenLocation !== null,
      location: chosenLocation ?? location,
      error: chosenLocation ? null : error,
      isLocating: chosenLocation ? false : isLocating,
      locate,
      chosenPlace,
      choosePlace: setChosenPlace,
    }),
    [permission, asked, location, chosenLocation, chosenPlace, error, isLocating, locate],
  );
  return <ToolsLocationContext.Provider value={value}>{children}</ToolsLocationContext.Provider>;
}

export function useToolsLocation(): ToolsLocation {
  const value = useContext(ToolsLocationContext);
  if (!value) throw new Error('useToolsLocation must be used inside <ToolsLocationProvider>');
  return value;
}
