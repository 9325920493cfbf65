import {
  CATCH_FIELDS_ADDED_LATER,
  type CatchChanges,
  type CatchCreatePayload,
  DEFAULT_LOCATION_NAME,
} from '#core/catch.ts';
import { type Quantity, toDisplayValue, toStoredValue, type UnitSystem } from '#core/units.ts';
import {
  type CatchFormValues,
  FORM_FIELDS,
  type FormCatchFields,
  type FormField,
  type Kind,
  nowDateTime,
} from './catch-form-values.ts';

// What the Log form starts from lives in catch-form-values.ts (its first screen); here, what saving and editing
// build from the form's values.
export { type CatchFormValues, emptyCatchForm, hasFishType } from './catch-form-values.ts';

/**
 * An emptied quantity is one fish, as the contract reads it (core/catch-schema.ts); said here too, so History shows
 * the entry as the server will keep it while it waits in the outbox.
 */
const ONE_FISH = CATCH_FIELDS_ADDED_LATER.quantity;

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

/** A measurement typed in the angler's units, in the imperial units the API stores (never rounded: core/units.ts). */
function measurementOrNull(value: string, quantity: Quantity, units: UnitSystem): number | null {
  const typed = numberOrNull(value);
  return typed === null ? null : toStoredValue(quantity, typed, units);
}

export interface PayloadContext {
  photo: string | null;
  clientId: string;
  now: Date;
  /** The units the form's measurements were typed in. */
  units: UnitSystem;
  /** The phone's time zone (lib/phone-time-zone.ts). */
  timeZone: string;
}

/** Every field the form has an input for, as stored (text trimmed or null, numbers in imperial units or null). */
function readFields(values: CatchFormValues, units: UnitSystem): Record<FormField, string | number | null> {
  const read = {} as Record<FormField, string | number | null>;
  for (const [field, kind] of Object.entries(FORM_FIELDS) as [FormField, Kind][]) {
    const text = values[field];
    read[field] =
      kind === 'text'
        ? textOrNull(text)
        : kind === 'number'
          ? numberOrNull(text)
          : measurementOrNull(text, kind, units);
  }
  return read;
}

/** Builds the exact Log payload (docs/product.md#log) from the form's values (text trimmed, numbers parsed into imperial units, defaults filled). */
export function buildCatchPayload(values: CatchFormValues, context: PayloadContext): CatchCreatePayload {
  const fields = readFields(values, context.units) as Omit<
    FormCatchFields,
    'photo' | 'latitude' | 'longitude' | 'released' | 'quantity'
  > & { quantity: number | null };
  const defaults = nowDateTime(context.now);
  return {
    ...fields,
    fishType: values.fishType.trim(),
    locationName: fields.locationName ?? DEFAULT_LOCATION_NAME,
    latitude: values.latitude,
    longitude: values.longitude,
    released: values.released,
    quantity: fields.quantity ?? ONE_FISH,
    catchDate: fields.catchDate ?? defaults.catchDate,
    timeOfDay: fields.timeOfDay ?? defaults.timeOfDay,
    photo: context.photo,
    clientId: context.clientId,
    createdAt: context.now.toISOString(),
    timeZone: context.timeZone,
    // A spot the angler chose; none chosen is left out, so the server links the catch by its place (decision 043).
    ...(typeof values.spotId === 'number' ? { spotId: values.spotId } : {}),
  };
}

/**
 * A measurement as an edit form shows it: in the angler's units, at most two decimals (the stored value keeps
 * its precision: a field left as it was is not sent, see buildCatchChanges).
 */
function measurementText(quantity: Quantity, stored: number | null, units: UnitSystem): string {
  if (stored === null) return '';
  return String(Number(toDisplayValue(quantity, stored, units).toFixed(2)));
}

/** A saved catch as the edit form shows it: every field pre-filled, measurements in the angler's units. */
export function catchFormValues(item: FormCatchFields, units: UnitSystem): CatchFormValues {
  const values = {} as Record<FormField, string>;
  for (const [field, kind] of Object.entries(FORM_FIELDS) as [FormField, Kind][]) {
    const stored = item[field];
    values[field] =
      kind === 'text' || kind === 'number'
        ? stored === null
          ? ''
          : String(stored)
        : measurementText(kind, stored as number | null, units);
  }
  return { ...values, latitude: item.latitude, longitude: item.longitude, released: item.released };
}

/**
 * What an edit changes (the PATCH of docs/decisions/021-editing-a-catch.md): only the fields whose input differs from what the form opened with,
 * read as the log form reads them (a blank place is 'Unknown Location', as in docs/product.md#log; other blanks clear the
 * field). A field left alone is not sent, so a measurement shown rounded in other units keeps its precision.
 */
export function buildCatchChanges(
  values: CatchFormValues,
  initial: CatchFormValues,
  units: UnitSystem,
): Omit<CatchChanges, 'photo'> {
  const read = readFields(values, units);
  const changes: Record<string, string | number | boolean | null> = {};
  for (const field of Object.keys(FORM_FIELDS) as FormField[]) {
    if (values[field] !== initial[field]) changes[field] = read[field];
  }
  if ('fishType' in changes) changes.fishType = values.fishType.trim();
  if ('locationName' in changes) changes.locationName = read.locationName ?? DEFAULT_LOCATION_NAME;
  if ('quantity' in changes) changes.quantity = read.quantity ?? ONE_FISH;
  if (values.latitude !== initial.latitude) changes.latitude = values.latitude;
  if (values.longitude !== initial.longitude) changes.longitude = values.longitude;
  if (values.released !== initial.released) changes.released = values.released;
  if (values.spotId !== initial.spotId) changes.spotId = values.spotId ?? null;
  return changes as Omit<CatchChanges, 'photo'>;
}
