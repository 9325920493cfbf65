import type { PressureTrend } from '../../../../core/barometer.ts';

/** How the Tools tab writes its values (SPEC §9 units: °F, mph, %, inHg). */

export function formatTemperature(fahrenheit: number): string {
  return `${Math.round(fahrenheit)}°F`;
}

export function formatWind(mph: number): string {
  return `${Math.round(mph)} mph`;
}

export function formatHumidity(percent: number): string {
  return `${Math.round(percent)}%`;
}

/** Pressure with 2 decimals, e.g. '30.01 inHg'. */
export function formatPressure(inHg: number): string {
  return `${inHg.toFixed(2)} inHg`;
}

/** 'light rain' → 'Light rain'. */
export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const TREND_LABELS: Record<PressureTrend, string> = {
  rising: 'Rising',
  falling: 'Falling',
  stable: 'Stable',
};

/**
 * The provider's real 3-hour pressure tendency in words, e.g. 'falling 0.04 inHg in 3 h' or 'steady over 3 h'
 * (a change under 0.01 inHg); null when the provider gave no history.
 */
export function describePressureChange3h(change: number | null): string | null {
  if (change === null || !Number.isFinite(change)) return null;
  const hundredths = Math.round(change * 100);
  if (hundredths === 0) return 'steady over 3 h';
  const amount = (Math.abs(hundredths) / 100).toFixed(2);
  return `${hundredths > 0 ? 'rising' : 'falling'} ${amount} inHg in 3 h`;
}
