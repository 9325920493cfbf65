import { hasLightningRisk } from './gear.ts';
import { HPA_PER_INHG } from './units.ts';

/** Barometer rules of docs/product.md#barometer. Pressures are in inHg. */

const PRESSURE_HIGH_AT = 30.2;
const PRESSURE_LOW_BELOW = 29.8;
/** Change over the last readings that counts as rising or falling (docs/product.md#barometer: 1 inHg over the last 3). */
const TREND_THRESHOLD_INHG = 1;
export const TREND_WINDOW = 3;
/** Readings kept in memory (docs/product.md#barometer). */
export const READINGS_KEPT = 10;
/** The barometer asks for the position again this often (docs/product.md#barometer). */
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

/**
 * A 3-hour change of at least this many hPa counts as rising or falling: the weather provider's tendency, which is
 * what a barometer on the wall shows (docs/decisions/025-one-pressure-trend.md). About 0.03 inHg.
 */
export const TENDENCY_THRESHOLD_HPA = 1;

/** The weather provider's real 3-hour change (inHg) as a trend: ±1 hPa or more rises or falls. */
export function tendencyTrend(change3h: number): PressureTrend {
  // Rounded to the provider's 0.1 hPa first, so a change of exactly 1 hPa is not lost to the unit conversion; the
  // size is rounded, not the signed value (Math.round takes -9.5 up to -9), so a fall and a rise of the same size
  // read alike.
  const hpa = (Math.sign(change3h) * Math.round(Math.abs(change3h) * HPA_PER_INHG * 10)) / 10;
  if (hpa >= TENDENCY_THRESHOLD_HPA) return 'rising';
  if (hpa <= -TENDENCY_THRESHOLD_HPA) return 'falling';
  return 'stable';
}

/** Where the one trend the barometer shows comes from. */
export type TrendSource = 'provider' | 'readings';

/**
 * The one trend the barometer shows: the weather provider's 3-hour tendency where it is known, else the rule
 * over the phone's own last readings (pressureTrend), which needs hours of readings to say anything
 * (docs/decisions/025-one-pressure-trend.md).
 */
export function barometerTrend(
  readings: readonly PressureReading[],
  pressureChange3h: number | null,
): { trend: PressureTrend; source: TrendSource } {
  if (pressureChange3h !== null && Number.isFinite(pressureChange3h)) {
    return { trend: tendencyTrend(pressureChange3h), source: 'provider' };
  }
  return { trend: pressureTrend(readings), source: 'readings' };
}

/** What the barometer says instead of a fishing insight while a thunderstorm is about. */
export const THUNDERSTORM_INSIGHT = 'Thunderstorm: stay off the water';

/**
 * The barometer's insight: a thunderstorm's safety warning first (a good pressure never makes lightning safe),
 * else the fishing insight.
 */
export function barometerInsight(
  category: PressureCategory,
  trend: PressureTrend,
  conditions: { condition: string; description: string },
): { text: string; safety: boolean } {
  if (hasLightningRisk(conditions)) return { text: THUNDERSTORM_INSIGHT, safety: true };
  return { text: fishingInsight(category, trend), safety: false };
}

/** The fishing insight of docs/product.md#barometer, checked in its order. */
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
