import { format } from 'date-fns';
import { DEFAULT_LOCATION_NAME } from '../../../../core/catch.ts';

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

/**
 * The catch payload of SPEC §3 as the log form sends it, plus the outbox fields the server
 * accepts (DESIGN §4): `clientId` makes a retry idempotent, `createdAt` is when it was saved on the device.
 */
export interface CatchPayload {
  fishType: string;
  weight: number | null;
  length: number | null;
  locationName: string;
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  waterTemperature: number | null;
  catchDate: string;
  timeOfDay: string;
  lineSize: string | null;
  baitUsed: string | null;
  depth: number | null;
  photo: string | null;
  clientId: string;
  createdAt: string;
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

/** SPEC §5: the only client-side rule of the log form. Returns false when the fish type is blank. */
export function hasFishType(values: Pick<CatchFormValues, 'fishType'>): boolean {
  return values.fishType.trim() !== '';
}

export interface PayloadContext {
  photo: string | null;
  clientId: string;
  now: Date;
}

/** Builds the exact SPEC §3 payload from the form's values (text trimmed, numbers parsed, defaults filled). */
export function buildCatchPayload(values: CatchFormValues, context: PayloadContext): CatchPayload {
  const defaults = nowDateTime(context.now);
  return {
    fishType: values.fishType.trim(),
    weight: numberOrNull(values.weight),
    length: numberOrNull(values.length),
    locationName: textOrNull(values.locationName) ?? DEFAULT_LOCATION_NAME,
    latitude: values.latitude,
    longitude: values.longitude,
    notes: textOrNull(values.notes),
    waterTemperature: numberOrNull(values.waterTemperature),
    catchDate: textOrNull(values.catchDate) ?? defaults.catchDate,
    timeOfDay: textOrNull(values.timeOfDay) ?? defaults.timeOfDay,
    lineSize: textOrNull(values.lineSize),
    baitUsed: textOrNull(values.baitUsed),
    depth: numberOrNull(values.depth),
    photo: context.photo,
    clientId: context.clientId,
    createdAt: context.now.toISOString(),
  };
}
