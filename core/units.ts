/**
 * Units you think in (docs/product.md#units). Storage, the API and every rule (barometer thresholds, gear advice) stay
 * in the stored units (lbs, inches, °F, ft, mph, inHg); a metric angler's values are converted only at
 * the edges: when shown and when typed in. Stored values are never rounded, so entering 2.5 kg stores the weight
 * that converts back to exactly 2.5 kg (to floating-point precision) and displays as 2.5 kg again.
 */

import { type Quantity, UNIT_SYMBOLS, type UnitSystem } from './unit-names.ts';

// The systems, the quantities and their unit names are in core/unit-names.ts (the Log form's labels need only
// those); this module converts and formats with them.
export {
  isUnitSystem,
  type Quantity,
  UNIT_SYSTEMS,
  type UnitSystem,
  unitLabel,
} from './unit-names.ts';

/** How a unit's values are written; its symbol is in UNIT_SYMBOLS (core/unit-names.ts). */
interface UnitStyle {
  /** '°F' hugs the number, 'lbs' does not. */
  spaced: boolean;
  /** Decimals when displayed. */
  decimals: number;
  /** Show at most `decimals`, without trailing zeros ('54.5°F', '12 ft'), as the detail dialog always has. */
  trimZeros: boolean;
  /** Thousands grouped ('2,000 ft'); not for air pressure, written '1016 hPa' as weather reports write it. */
  grouped?: boolean;
}

interface QuantityUnits {
  imperial: UnitStyle;
  metric: UnitStyle;
  /** Spec (imperial) value to metric. */
  toMetric: (imperial: number) => number;
  /** Metric value to the stored (imperial) unit. */
  fromMetric: (metric: number) => number;
}

const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;
/** Exactly, by the international definition of the foot. */
export const METRES_PER_FOOT = 0.3048;
const KM_PER_MILE = 1.609344;
export const HPA_PER_INHG = 33.8638866667;

const scale = (factor: number) => ({
  toMetric: (value: number) => value * factor,
  fromMetric: (value: number) => value / factor,
});

const style = (decimals: number, spaced = true, trimZeros = false): UnitStyle => ({
  spaced,
  decimals,
  trimZeros,
});

const FAHRENHEIT = {
  toMetric: (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9,
  fromMetric: (celsius: number) => (celsius * 9) / 5 + 32,
};

const QUANTITIES: Record<Quantity, QuantityUnits> = {
  weight: { imperial: style(1), metric: style(1), ...scale(KG_PER_LB) },
  length: { imperial: style(1), metric: style(1), ...scale(CM_PER_IN) },
  temperature: { imperial: style(0, false), metric: style(0, false), ...FAHRENHEIT },
  waterTemperature: {
    imperial: style(1, false, true),
    metric: style(1, false, true),
    ...FAHRENHEIT,
  },
  depth: {
    imperial: style(1, true, true),
    metric: style(1, true, true),
    ...scale(METRES_PER_FOOT),
  },
  speed: { imperial: style(0), metric: style(0), ...scale(KM_PER_MILE) },
  pressure: {
    imperial: style(2),
    metric: { ...style(0), grouped: false },
    ...scale(HPA_PER_INHG),
  },
  /** A pressure difference: no offset, finer than a reading. */
  pressureChange: { imperial: style(2), metric: style(1), ...scale(HPA_PER_INHG) },
  /** Feet (the API's unit) above a tide station's datum; can be below it. */
  tideHeight: { imperial: style(1), metric: style(2), ...scale(METRES_PER_FOOT) },
  /** How far away something is, stored in miles like every imperial value (the tide API's km converted first). */
  distance: { imperial: style(1), metric: style(1), ...scale(KM_PER_MILE) },
};

/** A stored (spec-unit) value in the angler's unit. */
export function toDisplayValue(quantity: Quantity, stored: number, system: UnitSystem): number {
  return system === 'metric' ? QUANTITIES[quantity].toMetric(stored) : stored;
}

/** A value typed in the angler's unit, in the stored (imperial) unit for storage and the API. */
export function toStoredValue(quantity: Quantity, entered: number, system: UnitSystem): number {
  return system === 'metric' ? QUANTITIES[quantity].fromMetric(entered) : entered;
}

// One formatter per rounding, made once (a new Intl.NumberFormat per call costs ~0.1 ms: decision 023).
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Every figure the app shows goes through here: the phone's locale groups thousands ('2,000', '12,896.4'), with at
 * most `decimals` decimals, exactly `decimals` unless `trimZeros` ('18.0 in' but '12 ft'); never '-0'.
 */
export function formatFigure(value: number, decimals = 0, trimZeros = true, grouped = true): string {
  const formatKey = `${decimals}:${trimZeros}:${grouped}`;
  let format = numberFormats.get(formatKey);
  if (format === undefined) {
    format = new Intl.NumberFormat(undefined, {
      minimumFractionDigits: trimZeros ? 0 : decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouped,
    });
    numberFormats.set(formatKey, format);
  }
  // Rounded first so that -0.04 shows as '0', not '-0'.
  const rounded = Number(value.toFixed(decimals));
  return format.format(Object.is(rounded, -0) ? 0 : rounded);
}

/** A stored value in the angler's unit rounded as it is shown (2.46 lbs → 2.5): for rules that read the shown value. */
export function shownValue(quantity: Quantity, stored: number, system: UnitSystem): number {
  const rounded = Number(
    toDisplayValue(quantity, stored, system).toFixed(QUANTITIES[quantity][system].decimals),
  );
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** The displayed number alone, rounded to the unit's decimals and grouped ('2.5', '1,016'); never '-0'. */
export function formatNumber(quantity: Quantity, stored: number, system: UnitSystem): string {
  const { decimals, trimZeros, grouped = true } = QUANTITIES[quantity][system];
  return formatFigure(toDisplayValue(quantity, stored, system), decimals, trimZeros, grouped);
}

/** '2.5 kg', '72°F', '1016 hPa'. */
export function formatQuantity(quantity: Quantity, stored: number, system: UnitSystem): string {
  const { spaced } = QUANTITIES[quantity][system];
  return `${formatNumber(quantity, stored, system)}${spaced ? ' ' : ''}${UNIT_SYMBOLS[quantity][system]}`;
}

/** '2.5 kg', or null when there is no value (a missing measurement is not 0). */
export function formatOptionalQuantity(
  quantity: Quantity,
  stored: number | null | undefined,
  system: UnitSystem,
): string | null {
  return typeof stored === 'number' && Number.isFinite(stored)
    ? formatQuantity(quantity, stored, system)
    : null;
}

/** A rule's bound as a message names it, in the angler's unit: 'at most 2268 kg', 'at least 0 lbs'. */
export function formatBound(quantity: Quantity, stored: number, system: UnitSystem): string {
  const { spaced } = QUANTITIES[quantity][system];
  const shown = Number(toDisplayValue(quantity, stored, system).toFixed(1));
  return `${Object.is(shown, -0) ? 0 : shown}${spaced ? ' ' : ''}${UNIT_SYMBOLS[quantity][system]}`;
}

/** A distance measured in kilometres (the tide stations'), in the angler's units. */
export function formatKilometres(km: number, system: UnitSystem): string {
  return formatQuantity('distance', toStoredValue('distance', km, 'metric'), system);
}
