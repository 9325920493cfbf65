import { format } from 'date-fns';
import { DEFAULT_LOCATION_NAME } from '#core/catch.ts';
import { type Quantity, toStoredValue, type UnitSystem } from '#core/units.ts';
import type { CatchPayload } from '../../offline/outbox-payload.ts';

/** What the log form holds: every field as the text its input shows. */
export interface CatchFormValues {
  fishType: string;
  weight: string;
  length: string;
  locationName: string;
  latitude: number | null;
  longitude: number | null;
  notes: string;
  waterTemperature: string;
  catchDate: string;
  timeOfDay: string;
  lineSize: string;
  baitUsed: string;
  depth: string;
}

/** Today's date and the current time as the form's date (yyyy-MM-dd) and time (HH:mm) inputs want them. */
function nowDateTime(now: Date = new Date()): { catchDate: string; timeOfDay: string } {
  return { catchDate: format(now, 'yyyy-MM-dd'), timeOfDay: format(now, 'HH:mm') };
}

/** A fresh form: empty fields, date and time set to now, location and GPS kept from `keep`. */
export function emptyCatchForm(
  keep: Pick<CatchFormValues, 'locationName' | 'latitude' | 'longitude'> = {
    locationName: '',
    latitude: null,
    longitude: null,
  },
  now: Date = new Date(),
): CatchFormValues {
  return {
    fishType: '',
    weight: '',
    length: '',
    locationName: keep.locationName,
    latitude: keep.latitude,
    longitude: keep.longitude,
    notes: '',
    waterTemperature: '',
    ...nowDateTime(now),
    lineSize: '',
    baitUsed: '',
    depth: '',
  };
}

/** Trimmed text, or null when nothing is left. */
function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A number input's text as a number, or null when empty or not a number. */
function numberOrNull(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A measurement typed in the angler's units, in the spec's units the API stores (never rounded: core/units.ts). */
function measurementOrNull(value: string, quantity: Quantity, units: UnitSystem): number | null {
  const typed = numberOrNull(value);
  return typed === null ? null : toStoredValue(quantity, typed, units);
}

/** SPEC §5: the only client-side rule of the log form. Returns false when the fish type is blank. */
export function hasFishType(values: Pick<CatchFormValues, 'fishType'>): boolean {
  return values.fishType.trim() !== '';
}

export interface PayloadContext {
  photo: string | null;
  clientId: string;
  now: Date;
  /** The units the form's measurements were typed in. */
  units: UnitSystem;
}

/** Builds the exact SPEC §3 payload from the form's values (text trimmed, numbers parsed into the spec's units, defaults filled). */
export function buildCatchPayload(values: CatchFormValues, context: PayloadContext): CatchPayload {
  const defaults = nowDateTime(context.now);
  return {
    fishType: values.fishType.trim(),
    weight: measurementOrNull(values.weight, 'weight', context.units),
    length: measurementOrNull(values.length, 'length', context.units),
    locationName: textOrNull(values.locationName) ?? DEFAULT_LOCATION_NAME,
    latitude: values.latitude,
    longitude: values.longitude,
    notes: textOrNull(values.notes),
    waterTemperature: measurementOrNull(values.waterTemperature, 'waterTemperature', context.units),
    catchDate: textOrNull(values.catchDate) ?? defaults.catchDate,
    timeOfDay: textOrNull(values.timeOfDay) ?? defaults.timeOfDay,
    lineSize: textOrNull(values.lineSize),
    baitUsed: textOrNull(values.baitUsed),
    depth: measurementOrNull(values.depth, 'depth', context.units),
    photo: context.photo,
    clientId: context.clientId,
    createdAt: context.now.toISOString(),
  };
}
