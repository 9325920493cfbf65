import { HPA_PER_INHG } from './units.ts';

/** Barometer rules of SPEC §4 and §9. Pressures are in inHg. */

const PRESSURE_HIGH_AT = 30.2;
const PRESSURE_LOW_BELOW = 29.8;
/** Change over the last readings that counts as rising or falling (SPEC §9: 1 inHg over the last 3). */
const TREND_THRESHOLD_INHG = 1;
export const TREND_WINDOW = 3;
/** Readings kept in memory (SPEC §3). */
export const READINGS_KEPT = 10;
/** The barometer asks for the position again this often (SPEC §4). */
export const BAROMETER_REFRESH_MS = 120_000;

export type PressureCategory = 'High' | 'Normal' | 'Low';
export type PressureTrend = 'rising' | 'falling' | 'stable';

export interface PressureReading {
  pressure: number;
  timestamp: number;
}

export function pressureCategory(pressure: number): PressureCategory {
  if (pressure >= PRESSURE_HIGH_AT) return 'High';
  if (pressure >= PRESSURE_LOW_BELOW) return 'Normal';
  return 'Low';
}

/** Trend from the last up to 3 readings: fewer than 2 is stable; a change above +1 rises, below -1 falls. */
export function pressureTrend(readings: readonly PressureReading[]): PressureTrend {
  const recent = readings.slice(-TREND_WINDOW);
  const first = recent[0];
  const last = recent[recent.length - 1];
  if (recent.length < 2 || !first || !last) return 'stable';
  const change = last.pressure - first.pressure;
  if (change > TREND_THRESHOLD_INHG) return 'rising';
  if (change < -TREND_THRESHOLD_INHG) return 'falling';
  return 'stable';
}

/** The fishing insight of SPEC §4, checked in the spec's order. */
export function fishingInsight(category: PressureCategory, trend: PressureTrend): string {
  if (category === 'High' && trend === 'stable') return 'Excellent fishing conditions';
  if (category === 'Normal' && trend === 'rising') return 'Good fishing expected';
  if (category === 'Low' || trend === 'falling') return 'Fish may be less active';
  if (trend === 'rising') return 'Improving conditions';
  return 'Average fishing conditions';
}

/** Appends a reading and keeps only the last READINGS_KEPT. */
export function addReading(
  readings: readonly PressureReading[],
  reading: PressureReading,
): PressureReading[] {
  return [...readings, reading].slice(-READINGS_KEPT);
}

/** hPa (what weather providers report) to inHg. */
export function hectopascalsToInchesOfMercury(hpa: number): number {
  return hpa / HPA_PER_INHG;
}
