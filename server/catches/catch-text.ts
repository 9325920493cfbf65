/**
 * What a catch's free text costs and how it is searched. `users.catch_text_bytes` and `catches.search_text` hold
 * what these computed when each catch was written (backfilled by migrations 004 and 005 with their own frozen copies,
 * server/db/migrations/): a change here needs a new migration that recomputes them.
 */

/** The free-text fields of a catch; a missing one counts as empty. */
export interface CatchText {
  fishType: string;
  locationName?: string | null;
  notes?: string | null;
  lineSize?: string | null;
  baitUsed?: string | null;
}

/** UTF-8 bytes of the free-text fields: what the per-account text quota counts. */
export function catchTextBytes(text: CatchText): number {
  let bytes = 0;
  for (const value of [text.fishType, text.locationName, text.notes, text.lineSize, text.baitUsed]) {
    if (value) bytes += Buffer.byteLength(value, 'utf8');
  }
  return bytes;
}

/** Case folding for search: JavaScript's, for every alphabet ('Äsche', 'ÖRING'), the same on both engines. */
function foldForSearch(text: string): string {
  return text.toLowerCase();
}

/** Between fields in search_text (PostgreSQL text cannot hold the NUL the browser's filter uses). */
const FIELD_SEPARATOR = '\u001f';

/** The folded text a search looks in: fish type, place, bait and notes. */
export function catchSearchText(
  text: Pick<CatchText, 'fishType' | 'locationName' | 'baitUsed' | 'notes'>,
): string {
  return foldForSearch(
    [text.fishType, text.locationName, text.baitUsed, text.notes]
      .filter((part) => part)
      .join(FIELD_SEPARATOR),
  );
}

/** A LIKE pattern (with ESCAPE '\') that finds `query` anywhere in search_text, ignoring case. */
export function searchTextPattern(query: string): string {
  return `%${foldForSearch(query).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
