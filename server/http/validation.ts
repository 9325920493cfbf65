import { z } from 'zod';
import { RECORD_ID_MAX } from '#core/field-schemas.ts';
import { AppError } from './app-error.ts';

/**
 * Checks a request body or query against a core schema. A failure is a 400 whose message is the first
 * problem (so a toast can show it) and whose `errors` map names every bad field.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    refuseNulCharacters(result.data);
    return result.data;
  }
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    fieldErrors[field] ??= issue.message;
  }
  const first = result.error.issues[0];
  const message = first ? first.message : 'Invalid input';
  throw new AppError(400, 'INVALID_INPUT', message, fieldErrors);
}

/**
 * The changes a PATCH body asks for. parseInput reads a missing body as {}, which for an edit would be a silent
 * "nothing to change": anything but a JSON object is refused instead.
 */
export function parseChanges<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'INVALID_INPUT', 'Send the changes as a JSON object', {
      body: 'Send the changes as a JSON object',
    });
  }
  return parseInput(schema, body);
}

const NUL_MESSAGE = 'Text must not contain the NUL character';

/**
 * PostgreSQL text cannot hold U+0000 (it fails the whole query), SQLite would store it, and no angler types it:
 * refuse it in every accepted input with a 400, alike on both engines, instead of a 500 from the database.
 */
function refuseNulCharacters(value: unknown, path: string[] = []): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      throw new AppError(400, 'INVALID_INPUT', NUL_MESSAGE, { [path.join('.') || 'body']: NUL_MESSAGE });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      refuseNulCharacters(item, [...path, String(index)]);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) refuseNulCharacters(item, [...path, key]);
  }
}

/** The id no record has: ids start at 1. */
const NO_RECORD_ID = 0;

/**
 * The `:id` of a record in a path (`/api/trips/:id`): digits only, else a 400 '{label} id must be a positive whole
 * number'. An id beyond RECORD_ID_MAX names no record: it reads as one no record has, so it is a 404 like any id
 * that is not the angler's, on both engines, never an out-of-range error from PostgreSQL.
 */
export function recordIdParams(label: string) {
  return z.object({
    id: z
      .string()
      .regex(/^\d{1,15}$/, `${label} id must be a positive whole number`)
      .transform((text) => {
        const id = Number(text);
        return id <= RECORD_ID_MAX ? id : NO_RECORD_ID;
      }),
  });
}
