import type { ExportFormat } from '#core/data-transfer.ts';
import { photoIdFromFileName } from '#core/photo-url.ts';

/** The `format` and `version` every export carries; an import refuses anything else. */
export const EXPORT_FORMAT = 'tightlines-export';
export const EXPORT_VERSION = 1;

/** Rows read from the database, or written to it, at a time: memory stays bounded for any size of log. */
export const ROWS_AT_A_TIME = 500;

/** `tightlines-export-YYYY-MM-DD.<extension>` for the day of `now` (UTC). */
export function exportFileName(now: Date, extension: ExportFormat): string {
  return `tightlines-export-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Where a photo lives inside a ZIP export; the JSON and CSV in the ZIP, and the CSV alone, point at it. */
export function zipPhotoPath(photoId: string): string {
  return `photos/${photoId}.webp`;
}

/** Inverse of zipPhotoPath: the photo id, or null for anything else. */
export function photoIdFromZipPath(ref: string): string | null {
  return ref.startsWith('photos/') ? photoIdFromFileName(ref.slice('photos/'.length)) : null;
}

/**
 * The JSON document's text up to the catches array; the catches and `]}` follow. The spots and trips come before
 * (docs/decisions/043-trips-and-spots.md), whole: an account keeps at most a few thousand.
 */
export function jsonHead(
  now: Date,
  username: string,
  linked: { spots: readonly unknown[]; trips: readonly unknown[] },
): string {
  const head = JSON.stringify({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    username,
    spots: linked.spots,
    trips: linked.trips,
    catches: [],
  });
  return `${head.slice(0, -2)}\n`;
}
