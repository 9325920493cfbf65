import { z } from 'zod';
import { parseDecimal } from './decimal.ts';

/**
 * The loose-input field rules every written record shares (catches, spots, trips): forms and scripts send numbers,
 * decimal strings ('12.5', '-3.2') or empty strings, and CSV cells 'true'/'false'; each rule turns them into the
 * stored type or a clear 400 naming the field. core/decimal.ts is the rule for numbers written as text.
 */

/** A number written as a decimal text becomes that number; anything else is left for the schema to judge. */
function looseNumber(value: unknown): unknown {
  return typeof value === 'string' ? (parseDecimal(value) ?? value) : value;
}

/** An optional number field: a missing, null or empty value is null; hex, exponents, 'Infinity' are a 400. */
export function optionalNumber(label: string, min: number, max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? null : looseNumber(value)),
    z
      .number({ error: `${label} must be a number` })
      .finite(`${label} must be a number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .nullable(),
  );
}

/** A required number field (a spot's position): missing, null or empty is "<label> required". */
export function requiredNumber(label: string, min: number, max: number) {
  return z.preprocess(
    (value) => (value === null || value === '' ? undefined : looseNumber(value)),
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} required` : `${label} must be a number`),
      })
      .finite(`${label} must be a number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );
}

/** A whole number within bounds; missing, null or empty takes `fallback` (the "not said" value of the field). */
export function wholeNumber(label: string, min: number, max: number, fallback: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? fallback : looseNumber(value)),
    z.int({ error: message }).min(min, message).max(max, message),
  );
}

/** An optional text field: trimmed, empty becomes null, bounded length. */
export function optionalText(label: string, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z
      .string({ error: `${label} must be text` })
      .max(max, `${label} must be at most ${max} characters`)
      .nullable(),
  );
}

/** A required name: trimmed, 1 to `max` characters. */
export function requiredName(label: string, max: number) {
  return z
    .string({ error: `${label} required` })
    .trim()
    .min(1, `${label} required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * A yes/no field that may also be "not said" (null): true/false, or a CSV cell's 'true'/'false' (any case); an
 * empty cell, null or a missing key is null.
 */
export function optionalBoolean(label: string) {
  return z.preprocess((value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    if (text === '') return null;
    if (text === 'true' || text === 'false') return text === 'true';
    return value;
  }, z.boolean({ error: `${label} must be true or false` }).nullable());
}

/**
 * The largest id a record can have: PostgreSQL's `integer`, the type of every id column (SQLite's are wider). A
 * larger id names no record; checked before any query, so it never reaches the database as an out-of-range value.
 */
export const RECORD_ID_MAX = 2_147_483_647;

/**
 * The id of another record of the same account a record links to (a catch's spot or trip, a trip's spot): a
 * positive whole number, or null for none; an empty string is null, a decimal text its number. (Where a left-out link
 * means something else, `.optional()` keeps it undefined.)
 */
export function linkId(label: string) {
  const message = `${label} must be a positive whole number or null`;
  return z.preprocess(
    (value) => (value === '' || value === undefined ? null : looseNumber(value)),
    z.int({ error: message }).positive(message).max(RECORD_ID_MAX, message).nullable(),
  );
}

/** The device's id for a new record (outbox): a repeat with the same id returns the first record. */
export const clientIdField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.uuid('clientId must be a UUID').optional(),
);
