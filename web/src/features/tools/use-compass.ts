import { useCallback, useEffect, useRef, useState } from 'react';
import { COMPASS_SIMULATION_TICK_MS, nextSimulatedHeading } from '#core/compass.ts';
import { toast } from '@/hooks/use-toast';
import {
  COMPASS_NOT_AVAILABLE,
  COMPASS_PERMISSION_DENIED,
  type CompassSource,
  compassStartMode,
  type DeviceHints,
  headingFromOrientation,
  isAppleMobile,
  isPhoneLike,
  ORIENTATION_WAIT_MS,
  type SimulationReason,
} from './compass-sensor.ts';

export interface CompassState {
  heading: number;
  source: CompassSource;
  /** Set while simulated: no sensor answered (or none exists), or the browser refused the permission. */
  simulationReason: SimulationReason;
  /** iOS: the 'Allow Motion Access' button is needed (the permission request must follow a tap). */
  canRequestPermission: boolean;
  requestPermission: () => void;
}

/** iOS 13+ adds a static requestPermission() to DeviceOrientationEvent. */
type OrientationEventClass = typeof DeviceOrientationEvent & {
  requestPermission?: () => Promise<'granted' | 'denied'>;
};

interface WebKitOrientationEvent extends DeviceOrientationEvent {
  webkitCompassHeading?: number;
}

function orientationEventClass(): OrientationEventClass | undefined {
  return typeof window !== 'undefined' && 'DeviceOrientationEvent' in window
    ? (window.DeviceOrientationEvent as OrientationEventClass)
    : undefined;
}

function deviceHints(): DeviceHints {
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  return {
    userAgent: nav.userAgent,
    mobileHint: nav.userAgentData?.mobile,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    platform: nav.platform ?? '',
  };
}

/**
 * The compass heading (docs/product.md#compass): a phone's orientation sensor, or a simulation advancing 1° every 100 ms.
 * Timers and listeners stop on unmount. The compass toasts answer only the angler's own tap on 'Allow Motion
 * Access' (decision 007: red toasts on every visit to the Tools tab); found on its own, the same news is the card's
 * demo state (simulationReason).
 */
export function useCompass(): CompassState {
  const [heading, setHeading] = useState(0);
  const [source, setSource] = useState<CompassSource>('starting');
  const [simulationReason, setSimulationReason] = useState<SimulationReason>('no-compass');
  const [listening, setListening] = useState(false);
  const [canRequestPermission, setCanRequestPermission] = useState(false);
  /** The sensor is being tried because the angler tapped 'Allow Motion Access': its failure is told in a toast. */
  const tapped = useRef(false);
  /**
   * Set synchronously by the first sensor reading. The simulation's interval is cleared only when React runs the
   * effect cleanup after the next paint; a tick landing before that would move the sensor's heading by 1°.
   */
  const sensorAnswered = useRef(false);

  // Decide once how to start.
  useEffect(() => {
    const events = orientationEventClass();
    const hints = deviceHints();
    const mode = compassStartMode({
      phone: isPhoneLike(hints),
      appleMobile: isAppleMobile(hints),
      hasOrientationEvents: events !== undefined,
      hasPermissionRequest: typeof events?.requestPermission === 'function',
    });
    if (mode === 'listen') {
      if (typeof events?.requestPermission !== 'function') {
        setListening(true);
        return;
      }
      // Recent Chrome has requestPermission too and answers without a tap; where it wants one, offer the button.
      let cancelled = false;
      events.requestPermission().then(
        (answer) => {
          if (cancelled) return;
          if (answer === 'granted') {
            setListening(true);
          } else {
            setSource('simulated');
            setSimulationReason('denied');
          }
        },
        () => {
          if (cancelled) return;
          setSource('simulated');
          setCanRequestPermission(true);
        },
      );
      return () => {
        cancelled = true;
      };
    }
    if (mode === 'ask-permission') setCanRequestPermission(true);
    setSource('simulated');
  }, []);

  // The simulation: 1° every 100 ms, wrapping at 360.
  useEffect(() => {
    if (source !== 'simulated') return;
    const timer = setInterval(() => {
      if (!sensorAnswered.current) setHeading(nextSimulatedHeading);
    }, COMPASS_SIMULATION_TICK_MS);
    return () => clearInterval(timer);
  }, [source]);

  // The sensor: the first usable reading switches to it; none within ORIENTATION_WAIT_MS means no compass.
  useEffect(() => {
    if (!listening) return;
    let gotReading = false;
    const onOrientation = (event: Event) => {
      const orientation = event as WebKitOrientationEvent;
      const next = headingFromOrientation({
        alpha: orientation.alpha,
        absolute: orientation.absolute || event.type === 'deviceorientationabsolute',
        webkitCompassHeading: orientation.webkitCompassHeading,
      });
      if (next === null) return;
      gotReading = true;
      sensorAnswered.current = true;
      setHeading(next);
      setSource('device');
    };
    window.addEventListener('deviceorientationabsolute', onOrientation);
    window.addEventListener('deviceorientation', onOrientation);
    const giveUp = setTimeout(() => {
      if (gotReading) return;
      setListening(false);
      setSource('simulated');
      setSimulationReason('no-compass');
      if (tapped.current) toast({ title: COMPASS_NOT_AVAILABLE, variant: 'destructive' });
    }, ORIENTATION_WAIT_MS);
    return () => {
      clearTimeout(giveUp);
      window.removeEventListener('deviceorientationabsolute', onOrientation);
      window.removeEventListener('deviceorientation', onOrientation);
    };
  }, [listening]);

  // The angler's tap on 'Allow Motion Access': the only place the compass toasts are shown.
  const requestPermission = useCallback(() => {
    const events = orientationEventClass();
    tapped.current = true;
    setCanRequestPermission(false);
    const unavailable = () => {
      setSimulationReason('no-compass');
      toast({ title: COMPASS_NOT_AVAILABLE, variant: 'destructive' });
    };
    if (typeof events?.requestPermission !== 'function') {
      unavailable();
      return;
    }
    events.requestPermission().then((answer) => {
      if (answer === 'granted') {
        setListening(true);
      } else {
        setSimulationReason('denied');
        toast({ title: COMPASS_PERMISSION_DENIED, variant: 'destructive' });
      }
    }, unavailable);
  }, []);

  return { heading, source, simulationReason, canRequestPermission, requestPermission };
}
