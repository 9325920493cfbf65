import { type Catch, DEFAULT_LOCATION_NAME } from './catch.ts';
import type { CatchSun, PressureTendency } from './catch-conditions.ts';
import { formatOptionalQuantity, formatQuantity, type UnitSystem } from './units.ts';

/**
 * The words on a shared catch card (docs/decisions/047-share-card.md): what the image says, decided here so the
 * phone's canvas only draws it. The place is hidden unless the angler chooses otherwise, and no line ever carries
 * coordinates: a place text that looks like a position (the server names open water '1.00°S, 33.00°E'; an angler
 * may type one) is left off rather than shown.
 */

/** What the card says about where the fish was caught: nothing (the default), a coarse region, or the place name. */
export const SHARE_PLACE_CHOICES = ['hidden', 'region', 'place'] as const;
export type SharePlaceChoice = (typeof SHARE_PLACE_CHOICES)[number];

export interface ShareCardLines {
  /** The species as History names the catch ('12 × Perch'). */
  title: string;
  /** '4.5 lbs · 18.0 in'; null with neither measured. */
  measures: string | null;
  /** The catch date as History writes it. */
  date: string;
  /** 'Dusk · Falling pressure · 64°F'; null when asked not to, or nothing is known. */
  conditions: string | null;
  /** The region or place name chosen; null when hidden or not known. */
  place: string | null;
  /** The app's mark in a corner of the card. */
  mark: string;
}

export interface ShareCardOptions {
  units: UnitSystem;
  place: SharePlaceChoice;
  conditions: boolean;
  /** The words History already shows for the catch (web catch-format.ts: catchName, formatCatchDate). */
  shown: { title: string; date: string };
}

const SHARE_CARD_MARK = 'Tightlines';

/**
 * A decimal number or a degree sign: what a position is written with ('39.0968, -120.0324', '45°N'). Place names
 * have neither; a text with one is not shown.
 */
const POSITION_LIKE = /\d[.,]\d|°|\b\d{1,3}\s*[NSEW]\b/i;

const SUN_WORDS: Record<CatchSun['phase'], string> = {
  night: 'Night',
  dawn: 'Dawn',
  day: 'Day',
  dusk: 'Dusk',
};
const PRESSURE_WORDS: Record<PressureTendency, string> = {
  rising: 'Rising pressure',
  falling: 'Falling pressure',
  steady: 'Steady pressure',
};

/** The catch's place name as the angler may share it; null for none, the form's stand-in, or a position. */
export function sharablePlaceName(locationName: string | null): string | null {
  const name = locationName?.trim() ?? '';
  if (name === '' || name === DEFAULT_LOCATION_NAME || POSITION_LIKE.test(name)) return null;
  return name;
}

/** 'US' → 'United States'; any other text as it is. */
function countryName(part: string): string {
  if (!/^[A-Z]{2}$/.test(part)) return part;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(part) ?? part;
  } catch {
    return part;
  }
}

/**
 * A coarse region from a place name, never the place itself. The server names a place 'Woodruff, Wisconsin, US'
 * (docs/decisions/006-place-names.md), 'Near Woodruff, Wisconsin, US', or 'Tokyo, JP' where the region has the
 * place's name: the region is what follows the place ('Wisconsin, United States'; 'Japan'). A typed name is read the
 * same way: its last two parts, or its last of two; a name of one part has no region.
 */
export function regionOf(locationName: string | null): string | null {
  const name = sharablePlaceName(locationName);
  if (name === null) return null;
  const parts = name
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length < 2) return null;
  const region = parts.length === 2 ? parts.slice(1) : parts.slice(-2);
  return region.map(countryName).join(', ');
}

/** What each place choice would show for this catch: the radios of a choice with nothing to show are disabled. */
export function sharePlaceTexts(item: Pick<Catch, 'locationName'>): Record<SharePlaceChoice, string | null> {
  return { hidden: null, region: regionOf(item.locationName), place: sharablePlaceName(item.locationName) };
}

/** 'Dusk · Falling pressure · 64°F' from what is known of the catch's conditions; null when nothing is. */
export function conditionsLine(conditions: Catch['conditions'], units: UnitSystem): string | null {
  const parts = [
    conditions.sun ? SUN_WORDS[conditions.sun.phase] : null,
    conditions.weather?.pressureTendency ? PRESSURE_WORDS[conditions.weather.pressureTendency] : null,
    conditions.weather ? formatQuantity('temperature', conditions.weather.airTemperature, units) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** Every line of the card for one catch, in the angler's units, with the place as chosen. */
export function shareCardLines(
  item: Pick<Catch, 'weight' | 'length' | 'locationName' | 'conditions'>,
  options: ShareCardOptions,
): ShareCardLines {
  const measures = [
    formatOptionalQuantity('weight', item.weight, options.units),
    formatOptionalQuantity('length', item.length, options.units),
  ].filter((part): part is string => part !== null);
  return {
    title: options.shown.title,
    measures: measures.length > 0 ? measures.join(' · ') : null,
    date: options.shown.date,
    conditions: options.conditions ? conditionsLine(item.conditions, options.units) : null,
    place: sharePlaceTexts(item)[options.place],
    mark: SHARE_CARD_MARK,
  };
}
