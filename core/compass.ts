/** Compass rules of docs/product.md#compass. */

const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The simulation used where the device has no compass: 1 degree every 100 ms. */
export const COMPASS_SIMULATION_TICK_MS = 100;
const COMPASS_SIMULATION_STEP_DEGREES = 1;

/** Any angle folded into [0, 360). */
export function normalizeHeading(degrees: number): number {
  const folded = degrees % 360;
  return folded < 0 ? folded + 360 : folded;
}

/** The nearest of the 8 points; each covers 45°, centred on it (N is 337.5° up to 22.5°). */
export function compassPoint(degrees: number): CompassPoint {
  const index = Math.round(normalizeHeading(degrees) / 45) % 8;
  return COMPASS_POINTS[index] as CompassPoint;
}

/** The next heading of the simulation, wrapping at 360. */
export function nextSimulatedHeading(heading: number): number {
  return normalizeHeading(heading + COMPASS_SIMULATION_STEP_DEGREES);
}
