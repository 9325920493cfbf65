/**
 * The unit systems and each quantity's unit names (docs/product.md#units): what a form label needs, without the
 * conversions and number formatting of core/units.ts, which builds on these. Apart so the Log tab's first load
 * (its labels: 'Weight (kg)') does not carry the formatting (docs/decisions/023-lean-front-end.md).
 */

export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

export function isUnitSystem(value: unknown): value is UnitSystem {
  return typeof value === 'string' && (UNIT_SYSTEMS as readonly string[]).includes(value);
}

/** The units to use for a stored setting: imperial when none was chosen (or read from an older copy). */
export function unitSystemOr(value: unknown): UnitSystem {
  return isUnitSystem(value) ? value : 'imperial';
}

/** Every converted quantity; water and air temperature share one unit but not their rounding. */
export type Quantity =
  | 'weight'
  | 'length'
  | 'temperature'
  | 'waterTemperature'
  | 'depth'
  | 'speed'
  | 'pressure'
  | 'pressureChange'
  | 'tideHeight'
  | 'distance';

/** Each quantity's unit symbol in each system: '2.5 kg', '72°F'. */
export const UNIT_SYMBOLS: Record<Quantity, Record<UnitSystem, string>> = {
  weight: { imperial: 'lbs', metric: 'kg' },
  length: { imperial: 'in', metric: 'cm' },
  temperature: { imperial: '°F', metric: '°C' },
  waterTemperature: { imperial: '°F', metric: '°C' },
  depth: { imperial: 'ft', metric: 'm' },
  speed: { imperial: 'mph', metric: 'km/h' },
  pressure: { imperial: 'inHg', metric: 'hPa' },
  pressureChange: { imperial: 'inHg', metric: 'hPa' },
  /** Feet (the API's unit) above a tide station's datum. */
  tideHeight: { imperial: 'ft', metric: 'm' },
  /** How far away something is, stored in miles like every imperial value. */
  distance: { imperial: 'mi', metric: 'km' },
};

/** The unit as form labels name it: 'Weight (kg)', 'Length (inches)' (docs/product.md#log); else its symbol. */
export function unitLabel(quantity: Quantity, system: UnitSystem): string {
  return quantity === 'length' && system === 'imperial' ? 'inches' : UNIT_SYMBOLS[quantity][system];
}
