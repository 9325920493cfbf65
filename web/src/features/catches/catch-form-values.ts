import type { Catch, CatchFields } from '#core/catch.ts';
import type { Quantity } from '#core/units.ts';

/**
 * The catch form's values and how a fresh form starts: what the Log tab needs to draw its first screen (docs/decisions/023-lean-front-end.md).
 * Reading them into a payload or an edit is catch-payload.ts, loaded at the first save or edit.
 */

/**
 * The fields the form writes: the first written fields, and whether the fish was released and how many the entry
 * stands for (docs/decisions/043-trips-and-spots.md; the spot and trip are the server's to work out).
 */
export type FormCatchFields = CatchFields & Pick<Catch, 'released' | 'quantity'>;

/** The fields the form holds as choices, not typed text: the GPS position, and Kept / Released (null: not said). */
type ChosenField = 'latitude' | 'longitude' | 'released';

/** The written fields the log form has an input for (the photo has its own picker; GPS fills latitude/longitude). */
export type FormField = Exclude<keyof FormCatchFields, 'photo' | ChosenField>;

/**
 * What the log form holds: every field as the text its input shows, the GPS position and Kept / Released as chosen,
 * and the spot when the angler chose one (decision 043; left out, the server works it out from the position).
 */
export type CatchFormValues = Record<FormField, string> &
  Pick<FormCatchFields, ChosenField> & { spotId?: Catch['spotId'] };

/**
 * How the form reads each input (the form's own list, beside its markup; tsc refuses a schema field missing here or
 * a kind that does not fit its type): 'text' is trimmed and empty becomes null; 'number' is parsed; a Quantity is
 * a number typed in the angler's units, stored in imperial units.
 */
export type Kind = 'text' | 'number' | Quantity;

export const FORM_FIELDS = {
  fishType: 'text',
  weight: 'weight',
  length: 'length',
  locationName: 'text',
  notes: 'text',
  waterTemperature: 'waterTemperature',
  catchDate: 'text',
  timeOfDay: 'text',
  lineSize: 'text',
  baitUsed: 'text',
  depth: 'depth',
  quantity: 'number',
} as const satisfies {
  [K in FormField]: FormCatchFields[K] extends string | null ? 'text' : 'number' | Quantity;
};

/** How many fish a new entry stands for until the angler says more: one. */
const ONE_FISH = '1';

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * Today's date and the current time on the phone's clock as the form's date (yyyy-MM-dd) and time (HH:mm) inputs
 * want them. By hand, not date-fns: the Log tab is the shell's first screen, and date-fns' format would add
 * ~7 KB gzip to it (decision 023).
 */
export function nowDateTime(now: Date = new Date()): { catchDate: string; timeOfDay: string } {
  return {
    catchDate: `${String(now.getFullYear()).padStart(4, '0')}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`,
    timeOfDay: `${pad2(now.getHours())}:${pad2(now.getMinutes())}`,
  };
}

/**
 * A fresh form: empty fields, one fish, Kept / Released not chosen, date and time set to now, location and GPS kept
 * from `keep`.
 */
export function emptyCatchForm(
  keep: Pick<CatchFormValues, 'locationName' | 'latitude' | 'longitude'> = {
    locationName: '',
    latitude: null,
    longitude: null,
  },
  now: Date = new Date(),
): CatchFormValues {
  const empty = Object.fromEntries(Object.keys(FORM_FIELDS).map((field) => [field, ''])) as Record<
    FormField,
    string
  >;
  return { ...empty, quantity: ONE_FISH, released: null, ...keep, ...nowDateTime(now) };
}

/** docs/product.md#log: the only client-side rule of the log form. Returns false when the fish type is blank. */
export function hasFishType(values: Pick<CatchFormValues, 'fishType'>): boolean {
  return values.fishType.trim() !== '';
}
