import { createHash } from 'node:crypto';
// The one coupling to the catch contract: an imported row is checked exactly as a created catch is.
import { CATCH_FIELDS_ADDED_LATER, type CatchFields } from '#core/catch.ts';
import { type CatchCreateInput, catchConditionsSchema, catchCreateSchema } from '#core/catch-schema.ts';
import type { NewCatch } from '../catches/catch.repository.ts';
import { resolveCreatedAt } from '../catches/created-at.ts';
import { catchFieldsOfCsvRow } from './csv-columns.ts';

/**
 * The spot and trip a row of a JSON export links to, by their clientIds in the file: null for none, undefined when
 * the row does not say (a file from before them, a CSV), and then the import works them out as a create does.
 */
interface LinkClientIds {
  spotClientId?: string | null;
  tripClientId?: string | null;
}

/** A row ready to import: the catch without its photo, and where its photo is (a URL or a ZIP path), if any. */
export interface PreparedRow {
  row: number;
  /** Without spotId and tripId: the file's are the exporting account's ids; `links` says which records they are. */
  input: Omit<NewCatch, 'photoId' | 'spotId' | 'tripId'> & { clientId: string };
  links: LinkClientIds;
  photoRef: string | null;
  /** The clientId was derived from the content (the row had none). */
  derivedClientId: boolean;
}

export type RowResult = { ok: true; value: PreparedRow } | { ok: false; message: string };

/**
 * The written fields of the first release, in the order the content id has always hashed them. Frozen: every export
 * made so far keeps its ids only while these keep their places.
 */
const FIRST_RELEASE_CONTENT = [
  'fishType',
  'weight',
  'length',
  'locationName',
  'latitude',
  'longitude',
  'notes',
  'waterTemperature',
  'depth',
  'catchDate',
  'timeOfDay',
  'lineSize',
  'baitUsed',
] as const satisfies readonly (keyof CatchFields)[];

/**
 * What an angler writes: the first fields, and since docs/decisions/043-trips-and-spots.md whether the fish was
 * released and how many the entry stands for. (The spot and trip are links to the account's own records, worked out
 * again on import, not content.)
 */
type WrittenField = keyof CatchFields | 'released' | 'quantity';

/**
 * The written fields added since, append only, each with its "not set" value in `CATCH_FIELDS_ADDED_LATER` (tsc asks
 * for it). One counts in the content id only when it holds a value: an export from before the field existed (or a
 * row that leaves it unset) keeps the id it always had, and two rows that differ in it get different ids.
 */
const CONTENT_ADDED_LATER = ['released', 'quantity'] as const satisfies readonly (WrittenField &
  keyof typeof CATCH_FIELDS_ADDED_LATER)[];

// A written field in neither list is a type error, never a field two rows can differ in and still be taken for the
// same catch. The photo is left out: where it is stored is not what the angler wrote.
type ContentField = (typeof FIRST_RELEASE_CONTENT)[number] | (typeof CONTENT_ADDED_LATER)[number];
type _EveryWrittenFieldInContentId = NeverMissing<Exclude<WrittenField, ContentField | 'photo'>>;
type NeverMissing<T extends never> = T;

/** The fields a row's content id is made of: an imported row's, or a stored catch's. */
type CatchContent = Pick<CatchCreateInput, ContentField>;

/** A written field added later, and the value that means the row does not set it. */
export interface LaterContentField {
  name: string;
  notSet: unknown;
}

const LATER_CONTENT: readonly LaterContentField[] = CONTENT_ADDED_LATER.map((name) => ({
  name,
  notSet: CATCH_FIELDS_ADDED_LATER[name],
}));

function isNotSet(value: unknown, notSet: unknown): boolean {
  return value === undefined || value === null || value === '' || value === notSet;
}

/**
 * What the content id hashes: the first release's fields and the time the row was logged, exactly as always, then
 * `[name, value]` of each later field that holds a value. `laterFields` is a parameter only so that a test can add a
 * field the contract does not have yet.
 */
export function contentOf(
  input: Readonly<Record<string, unknown>>,
  createdAt: unknown,
  laterFields: readonly LaterContentField[] = LATER_CONTENT,
): unknown[] {
  const content: unknown[] = FIRST_RELEASE_CONTENT.map((name) => input[name]);
  content.push(typeof createdAt === 'string' ? createdAt.trim() : null);
  for (const { name, notSet } of laterFields) {
    if (!isNotSet(input[name], notSet)) content.push([name, input[name]]);
  }
  return content;
}

/**
 * A UUID-shaped id (version 5 bits, RFC 4122 variant) from a catch's content and the time it was logged as the file
 * says it (absent in a hand-made file), so that importing the same rows again finds them instead of doubling them.
 * A stored catch without a clientId has the same id when its content is the same (clientIdsInLog in import-service.ts).
 */
export function contentClientId(input: CatchContent, createdAt: unknown): string {
  return uuidOfContent(contentOf(input, createdAt));
}

export function uuidOfContent(content: unknown[]): string {
  const hex = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A link's clientId as the file gives it: a text (checked when it is looked up), null for none, else not said. */
function linkClientIdOf(value: unknown): string | null | undefined {
  if (value === null) return null;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Whether a text of the row holds U+0000 (PostgreSQL cannot store it; no angler types it). */
export function hasNul(fields: Record<string, unknown>): boolean {
  return Object.values(fields).some((value) => typeof value === 'string' && value.includes('\u0000'));
}

/**
 * The moment and conditions a row carries (an export made since they exist), kept exactly as they are: no provider
 * is asked again. Undefined when the row has none, or they are not what catchConditionsSchema and an ISO time say
 * (a damaged or hand-edited file): the catch's conditions are then worked out on save, as a new catch's are. The row
 * itself is never refused for them. Not part of the content id: they are the server's, not what the angler wrote.
 */
function keptConditionsOf(fields: Record<string, unknown>): NewCatch['keptConditions'] {
  const { caughtAt } = fields;
  const conditions = catchConditionsSchema.safeParse(fields.conditions);
  if (!conditions.success || typeof caughtAt !== 'string') return undefined;
  const moment = new Date(caughtAt);
  if (Number.isNaN(moment.getTime()) || moment.toISOString() !== caughtAt) return undefined;
  return { caughtAt, conditions: conditions.data };
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
  // The ids of the spot and trip are the exporting account's: never checked, never kept (`links` names them instead).
  const parsed = catchCreateSchema.safeParse({
    ...fields,
    photo: null,
    spotId: undefined,
    tripId: undefined,
  });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid catch' };
  }
  const {
    photo: _photo,
    createdAt: claimed,
    userId: _userId,
    clientId,
    spotId: _spotId,
    tripId: _tripId,
    ...catchFields
  } = parsed.data;
  const keptConditions = keptConditionsOf(fields);
  return {
    ok: true,
    value: {
      row,
      links: {
        spotClientId: linkClientIdOf(fields.spotClientId),
        tripClientId: linkClientIdOf(fields.tripClientId),
      },
      photoRef,
      derivedClientId: clientId === undefined,
      input: {
        ...catchFields,
        clientId: clientId ?? contentClientId(parsed.data, claimed),
        createdAt: resolveCreatedAt(claimed, now),
        ...(keptConditions && { keptConditions }),
      },
    },
  };
}
