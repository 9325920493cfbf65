import type { Catch } from '#core/catch.ts';
import { csvRecord, escapeFormula } from './csv.ts';

/** The `format` and `version` every export carries; an import refuses anything else. */
export const EXPORT_FORMAT = 'tightlines-export';
export const EXPORT_VERSION = 1;

/** The columns of the CSV export: the API's field names, every field of a catch. */
const CSV_COLUMNS = [
  'id',
  'clientId',
  'createdAt',
  'catchDate',
  'timeOfDay',
  'fishType',
  'weight',
  'length',
  'locationName',
  'latitude',
  'longitude',
  'waterTemperature',
  'depth',
  'lineSize',
  'baitUsed',
  'notes',
  'photo',
  'isTestCatch',
] as const satisfies readonly (keyof Catch)[];

// A field added to the catch contract (core/catch-schema.ts) and missing above is a type error here, never a column
// the export silently drops (and the import then cannot bring back).
type MissingColumn = Exclude<keyof Catch, (typeof CSV_COLUMNS)[number]>;
type _EveryFieldExported = NeverMissing<MissingColumn>;
type NeverMissing<T extends never> = T;

/** Columns holding free text a spreadsheet could mistake for a formula. */
export const TEXT_COLUMNS: ReadonlySet<string> = new Set([
  'fishType',
  'locationName',
  'lineSize',
  'baitUsed',
  'notes',
  'photo',
]);

export function csvHeader(): string {
  return csvRecord(CSV_COLUMNS);
}

/**
 * One catch as a CSV record: empty cells for null, numbers as JSON writes them, true/false as words, text escaped
 * against formulas.
 */
export function csvRow(item: Catch): string {
  return csvRecord(
    CSV_COLUMNS.map((column) => {
      const value = item[column];
      if (value === null) return '';
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return TEXT_COLUMNS.has(column) ? escapeFormula(value) : value;
    }),
  );
}

/** `tightlines-export-YYYY-MM-DD.<extension>` for the day of `now` (UTC). */
export function exportFileName(now: Date, extension: 'json' | 'csv' | 'zip'): string {
  return `tightlines-export-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Where a photo lives inside a ZIP export; the JSON and CSV in the ZIP point at it. */
export function zipPhotoPath(photoId: string): string {
  return `photos/${photoId}.webp`;
}

/** The JSON document's text up to the catches array; the catches and `]}` follow. */
export function jsonHead(now: Date, username: string): string {
  const head = JSON.stringify({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    username,
    catches: [],
  });
  return `${head.slice(0, -2)}\n`;
}
