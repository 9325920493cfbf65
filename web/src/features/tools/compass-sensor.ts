import { normalizeHeading } from '#core/compass.ts';

/**
 * How the compass card gets a heading (docs/product.md#compass): phones follow the device orientation, everything
 * else simulates. Pure decisions here; the browser wiring is in use-compass.ts.
 */

/** The compass toasts (docs/product.md#compass). */
export const COMPASS_PERMISSION_DENIED = 'Permission to access device orientation was denied';
export const COMPASS_NOT_AVAILABLE = 'Compass functionality not available on this device';

/** How long a phone may take to report a first usable orientation before we fall back to the simulation. */
export const ORIENTATION_WAIT_MS = 2000;

export interface DeviceHints {
  userAgent: string;
  /** navigator.userAgentData.mobile where the browser has it. */
  mobileHint?: boolean;
  maxTouchPoints: number;
  platform: string;
}

/** An iPhone, iPad or iPod; iPadOS 13+ presents itself as a touch Mac. */
export function isAppleMobile(hints: DeviceHints): boolean {
  if (/iPhone|iPad|iPod/i.test(hints.userAgent)) return true;
  return hints.platform === 'MacIntel' && hints.maxTouchPoints > 1;
}

/** A phone or tablet: the devices that have a compass. */
export function isPhoneLike(hints: DeviceHints): boolean {
  if (hints.mobileHint === true) return true;
  return /Android|Mobile/i.test(hints.userAgent) || isAppleMobile(hints);
}

export type CompassStartMode =
  /** Not a phone: simulate quietly. */
  | 'simulate'
  /** A phone without orientation events: say so, then simulate. */
  | 'unavailable'
  /** iOS 13+: DeviceOrientationEvent.requestPermission() only works after a tap. */
  | 'ask-permission'
  /**
   * Android and others: listen for orientation events right away (after a requestPermission() where the
   * browser has one: recent Chrome does, and answers without a prompt).
   */
  | 'listen';

export function compassStartMode(options: {
  phone: boolean;
  appleMobile: boolean;
  hasOrientationEvents: boolean;
  hasPermissionRequest: boolean;
}): CompassStartMode {
  if (!options.phone) return 'simulate';
  if (!options.hasOrientationEvents) return 'unavailable';
  if (options.appleMobile && options.hasPermissionRequest) return 'ask-permission';
  return 'listen';
}

/** The fields of a DeviceOrientationEvent we read (iOS adds webkitCompassHeading). */
export interface OrientationReading {
  alpha: number | null;
  absolute: boolean;
  webkitCompassHeading?: number | null;
}

/**
 * The compass heading (degrees clockwise from north) of an orientation event, or null when the event does
 * not give one: iOS reports it directly; elsewhere only an absolute alpha (counter-clockwise from north) does.
 */
export function headingFromOrientation(reading: OrientationReading): number | null {
  const ios = reading.webkitCompassHeading;
  if (typeof ios === 'number' && Number.isFinite(ios) && ios >= 0) return normalizeHeading(ios);
  if (!reading.absolute || reading.alpha === null || !Number.isFinite(reading.alpha)) return null;
  return normalizeHeading(360 - reading.alpha);
}

/** Why the heading is simulated: no sensor answered (or none exists), or the browser refused the permission. */
export type SimulationReason = 'no-compass' | 'denied';

export type CompassSource = 'device' | 'simulated' | 'starting';

/** What the compass card says about where its heading comes from. */
export interface CompassStatus {
  /** The simulation is showing: the card draws the demo needle and says so in `title`. */
  demo: boolean;
  /** A demo's headline, e.g. 'No compass on this device — demo'; null while the heading is real or starting. */
  title: string | null;
  detail: string;
}

/** The line every demo states: the simulated needle points nowhere. */
const DEMO_DETAIL = 'The needle turns by itself to show how the compass works: it does not point anywhere.';

/**
 * The card's words for each state: a real heading, the start, or the simulation (1° every 100 ms), which
 * is always called a demo so that nobody steers by it.
 */
export function compassStatus(
  source: CompassSource,
  reason: SimulationReason,
  canRequestPermission: boolean,
): CompassStatus {
  if (source === 'device') return { demo: false, title: null, detail: "Following your device's compass." };
  if (source === 'starting') return { demo: false, title: null, detail: 'Starting the compass…' };
  if (canRequestPermission) {
    return {
      demo: true,
      title: 'Compass needs motion access — demo',
      detail: `Allow motion access to follow your phone's compass. ${DEMO_DETAIL}`,
    };
  }
  if (reason === 'denied') {
    return {
      demo: true,
      title: 'Motion access denied — demo',
      detail: `Allow motion and orientation access for this site in your browser's settings to use the compass. ${DEMO_DETAIL}`,
    };
  }
  return { demo: true, title: 'No compass on this device — demo', detail: DEMO_DETAIL };
}
