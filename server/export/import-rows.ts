import { createHash } from 'node:crypto';
// The one coupling to the catch contract: an imported row is checked exactly as a created catch is.
import type { CatchFields } from '#core/catch.ts';
import { type CatchCreateInput, catchCreateSchema } from '#core/catch-schema.ts';
import type { NewCatch } from '../catches/catch.repository.ts';
import { resolveCreatedAt } from '../catches/created-at.ts';
import { catchFieldsOfCsvRow } from './csv-columns.ts';

/** A row ready to import: the catch without its photo, and where its photo is (a URL or a ZIP path), if any. */
export interface PreparedRow {
  row: number;
  input: Omit<NewCatch, 'photoId'> & { clientId: string };
  photoRef: string | null;
  /** The clientId was derived from the content (the row had none). */
  derivedClientId: boolean;
}

export type RowResult = { ok: true; value: PreparedRow } | { ok: false; message: string };

/** The fields a row's content id is made of: what the angler wrote, without where the photo is stored. */
type CatchContent = Pick<
  CatchCreateInput,
  | 'fishType'
  | 'weight'
  | 'length'
  | 'locationName'
  | 'latitude'
  | 'longitude'
  | 'notes'
  | 'waterTemperature'
  | 'depth'
  | 'catchDate'
  | 'timeOfDay'
  | 'lineSize'
  | 'baitUsed'
>;

// A written field added to the contract and missing from the content above is a type error, never a field two
// rows can differ in and still be taken for the same catch.
type MissingContent = Exclude<keyof CatchFields, keyof CatchContent | 'photo'>;
type _EveryFieldInContentId = NeverMissing<MissingContent>;
type NeverMissing<T extends never> = T;

/**
 * A UUID-shaped id (version 5 bits, RFC 4122 variant) from a catch's content and the time it was logged as the file
 * says it (absent in a hand-made file), so that importing the same rows again finds them instead of doubling them.
 * A stored catch without a clientId has the same id when its content is the same (see export.routes.ts).
 */
export function contentClientId(input: CatchContent, createdAt: unknown): string {
  const content = [
    input.fishType,
    input.weight,
    input.length,
    input.locationName,
    input.latitude,
    input.longitude,
    input.notes,
    input.waterTemperature,
    input.depth,
    input.catchDate,
    input.timeOfDay,
    input.lineSize,
    input.baitUsed,
    typeof createdAt === 'string' ? createdAt.trim() : null,
  ];
  const hex = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function hasNul(fields: Record<string, unknown>): boolean {
  return Object.values(fields).some((value) => typeof value === 'string' && value.includes('\u0000'));
}

/**
 * Checks one row of a file (JSON values, or CSV cells by their header) as a new catch. A CSV row is first read as
 * the catch's fields (csv-columns.ts: any header our exports ever wrote, metric values converted, the apostrophe
 * our export puts before formula-looking text taken off).
 */
export function prepareRow(row: number, raw: unknown, now: Date, fromCsv: boolean): RowResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, message: 'Not a catch (expected an object with a fishType)' };
  }
  const fields: Record<string, unknown> = fromCsv
    ? catchFieldsOfCsvRow(raw as Record<string, string>)
    : { ...(raw as Record<string, unknown>) };
  if (hasNul(fields)) return { ok: false, message: 'Text must not contain the NUL character' };
  const photo = fields.photo;
  const photoRef = typeof photo === 'string' && photo.trim() !== '' ? photo.trim() : null;
  const parsed = catchCreateSchema.safeParse({ ...fields, photo: null });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid catch' };
  }
  const { photo: _photo, createdAt: claimed, userId: _userId, clientId, ...catchFields } = parsed.data;
  return {
    ok: true,
    value: {
      row,
      photoRef,
      derivedClientId: clientId === undefined,
      input: {
        ...catchFields,
        clientId: clientId ?? contentClientId(parsed.data, claimed),
        createdAt: resolveCreatedAt(claimed, now),
      },
    },
  };
}
