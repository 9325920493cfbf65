import { formatQuantity, type UnitSystem } from './units.ts';

/** Weather-based gear recommendations: the rules table of docs/product.md#gear (thresholds in its units, text in the angler's). */

export type GearPriority = 'essential' | 'recommended' | 'optional';

export interface GearRecommendation {
  name: string;
  description: string;
  /** A key the web app maps to an icon. */
  icon: GearIcon;
  priority: GearPriority;
}

export type GearIcon =
  | 'rod'
  | 'license'
  | 'tackle'
  | 'jacket'
  | 'pants'
  | 'hat'
  | 'bag'
  | 'layers'
  | 'gloves'
  | 'thermos'
  | 'sun'
  | 'water'
  | 'shirt'
  | 'cooler'
  | 'weight'
  | 'wind'
  | 'holder'
  | 'lamp'
  | 'alert';

export interface GearConditions {
  /** °F */
  temperature: number;
  /** mph */
  windSpeed: number;
  condition: string;
  description: string;
}

const COLD_BELOW_F = 60;
const VERY_COLD_BELOW_F = 45;
const HOT_ABOVE_F = 75;
const WINDY_ABOVE_MPH = 10;
const VERY_WINDY_ABOVE_MPH = 15;

const PRIORITY_ORDER: Record<GearPriority, number> = { essential: 0, recommended: 1, optional: 2 };

/** The SAFETY ALERT's advice; the weather card shows it too. */
export const LIGHTNING_ADVICE =
  'Thunderstorms expected: postpone your trip. Rods and open water attract lightning.';

type ConditionText = Pick<GearConditions, 'condition' | 'description'>;

function mentions(conditions: ConditionText, words: readonly string[]): boolean {
  const text = `${conditions.condition} ${conditions.description}`.toLowerCase();
  return words.some((word) => text.includes(word));
}

/** Thunderstorm or lightning (docs/product.md#gear): the conditions that call for the SAFETY ALERT. */
export function hasLightningRisk(conditions: ConditionText): boolean {
  return mentions(conditions, ['thunderstorm', 'lightning']);
}

/** Safety first: the SAFETY ALERT before every other item of its priority (it once came 7th, below sunscreen). */
function safetyRank(item: GearRecommendation): number {
  return item.icon === 'alert' ? 0 : 1;
}

/** The gear list for the conditions, essential first (the SAFETY ALERT leading), then recommended, then optional (docs/product.md#gear). */
export function recommendGear(conditions: GearConditions, units: UnitSystem): GearRecommendation[] {
  const temperature = (fahrenheit: number) => formatQuantity('temperature', fahrenheit, units);
  const speed = (mph: number) => formatQuantity('speed', mph, units);
  const items: GearRecommendation[] = [
    {
      name: 'Fishing Rod & Reel',
      description: 'Your main setup, matched to your target species.',
      icon: 'rod',
      priority: 'essential',
    },
    {
      name: 'Fishing License',
      description: 'Carry a valid license for the water you fish.',
      icon: 'license',
      priority: 'essential',
    },
    {
      name: 'Tackle Box',
      description: 'Hooks, lures, weights and line for the day.',
      icon: 'tackle',
      priority: 'essential',
    },
  ];
  const add = (name: string, description: string, icon: GearIcon, priority: GearPriority) =>
    items.push({ name, description, icon, priority });

  if (mentions(conditions, ['rain', 'drizzle', 'shower'])) {
    add('Waterproof Jacket', 'Rain is expected: stay dry to stay out longer.', 'jacket', 'essential');
    add('Waterproof Pants', 'Keep your legs dry when sitting or wading.', 'pants', 'recommended');
    add('Waterproof Hat', 'Keeps rain off your face and glasses.', 'hat', 'recommended');
    add('Bag Cover', 'Protect your tackle and phone from the rain.', 'bag', 'recommended');
  }
  if (conditions.temperature < COLD_BELOW_F) {
    add(
      'Thermal Layers',
      `Below ${temperature(COLD_BELOW_F)}: base layers keep you warm.`,
      'layers',
      'essential',
    );
  }
  if (conditions.temperature < VERY_COLD_BELOW_F) {
    add(
      'Gloves',
      `Below ${temperature(VERY_COLD_BELOW_F)}: fingerless gloves keep hands working.`,
      'gloves',
      'essential',
    );
    add('Thermos', 'A hot drink makes a cold morning bearable.', 'thermos', 'recommended');
  }
  if (conditions.temperature > HOT_ABOVE_F) {
    add('Sunscreen', `Above ${temperature(HOT_ABOVE_F)}: water reflects the sun.`, 'sun', 'essential');
    add('Wide-brimmed Hat', 'Shade for your face and neck.', 'hat', 'essential');
    add('Extra Water', 'Stay hydrated in the heat.', 'water', 'essential');
    add('Breathable Clothing', 'Light, quick-dry fabric keeps you cool.', 'shirt', 'recommended');
    add('Cooler', 'Keep drinks, bait and your catch cool.', 'cooler', 'recommended');
  }
  if (conditions.windSpeed > WINDY_ABOVE_MPH) {
    add(
      'Heavier Weights',
      `Wind above ${speed(WINDY_ABOVE_MPH)}: heavier sinkers hold bottom.`,
      'weight',
      'recommended',
    );
    add('Windbreaker', 'Blocks the wind chill on open water.', 'wind', 'recommended');
  }
  if (conditions.windSpeed > VERY_WINDY_ABOVE_MPH) {
    add(
      'Rod Holders',
      `Wind above ${speed(VERY_WINDY_ABOVE_MPH)}: keep rods secure.`,
      'holder',
      'recommended',
    );
  }
  if (mentions(conditions, ['fog', 'mist', 'haze'])) {
    add('Headlamp', 'Low visibility: see and be seen.', 'lamp', 'essential');
    add('Bright Clothing', 'Make yourself visible to boats.', 'shirt', 'recommended');
  }
  if (hasLightningRisk(conditions)) add('SAFETY ALERT', LIGHTNING_ADVICE, 'alert', 'essential');
  // Essential, then recommended, then optional (docs/product.md#gear); within a group the safety alert first, then the order
  // above (the sort is stable).
  return items.sort(
    (a, b) => PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority] || safetyRank(a) - safetyRank(b),
  );
}
