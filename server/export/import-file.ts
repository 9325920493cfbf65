import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { Entry, ZipFile } from 'yauzl';
import { AppError } from '../http/app-error.ts';
import { CsvRecordTooLongError, parseCsv } from './csv.ts';
import { isCatchCsvHeader } from './csv-columns.ts';
import { EXPORT_FORMAT, EXPORT_VERSION } from './export-format.ts';

/** The largest JSON document parsed at once (a JSON export of 10,000 catches with long notes is ~10 MB). */
const MAX_IMPORT_JSON_BYTES = 64 * 1024 * 1024;
/** A photo in a ZIP is held whole while it is re-encoded: the upload limit applies. */
const MAX_ZIP_PHOTO_BYTES = 20 * 1024 * 1024;
/** More entries than this is not one of our exports (the account limit is 50,000 catches). */
const MAX_ZIP_ENTRIES = 120_000;
/**
 * The longest entry name, extra field and comment a ZIP entry may have. An export's names are `photos/<uuid>.webp`
 * and its file names, with a few bytes of extra field (a timestamp, zip64 sizes) and no comment; yauzl keeps each
 * entry's three in one buffer, so 1,000 entries of 64 KB each held 200 MB while the rest of the ZIP was read.
 */
const MAX_ZIP_NAME_BYTES = 255;
const MAX_ZIP_EXTRA_FIELD_BYTES = 1024;
const MAX_ZIP_COMMENT_BYTES = 1024;
/** More rows than this is not one log (an account keeps 50,000 catches at most): the file is refused there. */
const MAX_IMPORT_ROWS = 100_000;
/** The longest CSV record: every text field of a catch at its longest is under 6,000 characters. */
const MAX_CSV_RECORD_CHARS = 64 * 1024;

const tooManyRows = () =>
  badFile(`The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows: no log is that long.`);

const NOT_JSON = 'The file is not valid JSON. Import the .json file exported by Tightlines.';

/** 400 for a file we cannot read as an export; the message says what is wrong. */
const badFile = (message: string) => new AppError(400, 'INVALID_INPUT', message, { file: message });

/**
 * One row of the file: its number as people count it (CSV: the spreadsheet row; JSON: the record's position in its
 * list, from 1).
 */
interface RawRow {
  row: number;
  fields: unknown;
}

/** What an import reads: the rows, whether they are CSV text, and the photos of a ZIP. */
export interface ImportSource {
  rows: AsyncIterable<RawRow> | Iterable<RawRow>;
  /** The spots and trips of a JSON export, imported before its catches so that they can link to them; none in a CSV. */
  spots: readonly RawRow[];
  trips: readonly RawRow[];
  fromCsv: boolean;
  /** The bytes of a photo a row points at (`photos/<id>.webp` in a ZIP), or null when there is no such file. */
  photo(ref: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

const noPhotos = async () => null;

/**
 * The rows of a CSV, numbered as a spreadsheet shows them: blank rows and rows of empty cells count (they are
 * skipped, but the rows after them keep their numbers), the header is row 1 when it is the first.
 */
async function* csvRows(chunks: AsyncIterable<string>): AsyncGenerator<RawRow> {
  let header: string[] | null = null;
  let row = 0;
  const records = (async function* () {
    try {
      yield* parseCsv(chunks, MAX_CSV_RECORD_CHARS, true);
    } catch (error) {
      if (!(error instanceof CsvRecordTooLongError)) throw error;
      throw badFile(
        `Row ${row + 1} is longer than ${MAX_CSV_RECORD_CHARS.toLocaleString('en-US')} characters: ` +
          'is it a CSV exported by Tightlines (an unclosed quote, maybe)?',
      );
    }
  })();
  let headerRow = 0;
  for await (const record of records) {
    row += 1;
    // Blank rows count like any other (a file of nothing but line breaks is refused at the limit, not read to its end).
    if (row - headerRow > MAX_IMPORT_ROWS) throw tooManyRows();
    if (record.length === 0) continue;
    if (!header) {
      header = record.map((name) => name.trim());
      headerRow = row;
      if (!isCatchCsvHeader(header)) {
        throw badFile(
          'This CSV has no Fish Type column. Import a CSV exported by Tightlines: its first row names the columns ' +
            '(Catch Date, Fish Type, Weight…).',
        );
      }
      continue;
    }
    const fields: Record<string, string> = {};
    header.forEach((name, index) => {
      if (name !== '' && name !== '__proto__') fields[name] = record[index] ?? '';
    });
    yield { row, fields };
  }
  if (!header) throw badFile('The file is empty.');
}

/** The text encodings a CSV may come in: UTF-8 (what we write), else Windows-1252 (Excel's "CSV" in the West). */
type CsvEncoding = 'utf-8' | 'windows-1252';

/**
 * A CSV read twice: once whole before anything is imported, so a file we cannot read (too many rows, a row that
 * never ends, no Fish Type column, a damaged ZIP entry) is refused with nothing imported, instead of after the
 * batches before the bad spot were written; then again for its rows. The first reading also picks the encoding:
 * bytes that are not UTF-8 are read as Windows-1252 instead of turning every accent into U+FFFD.
 */
async function checkedCsvRows(open: () => Promise<AsyncIterable<Buffer>>): Promise<AsyncIterable<RawRow>> {
  let encoding: CsvEncoding = 'utf-8';
  try {
    for await (const _ of csvRows(decodeText(await open(), 'utf-8'))) {
      // Only read through: the rows come in the second reading.
    }
  } catch (error) {
    if (!(error instanceof NotUtf8Error)) throw error;
    encoding = 'windows-1252';
    for await (const _ of csvRows(decodeText(await open(), encoding))) {
      // As above, in the other encoding.
    }
  }
  return (async function* () {
    yield* csvRows(decodeText(await open(), encoding));
  })();
}

/** The rows of a parsed JSON export: its catches, and the spots and trips they link to (none in a file from before them). */
interface JsonRows {
  catches: RawRow[];
  spots: RawRow[];
  trips: RawRow[];
}

/** A list of records numbered from 1, as people count; absent (a file from before it) is none. */
function numberedList(document: Record<string, unknown>, key: 'catches' | 'spots' | 'trips'): RawRow[] {
  const list = document[key];
  if (key === 'catches' && !Array.isArray(list)) throw badFile('This export has no "catches" list.');
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw badFile(`This export's "${key}" is not a list.`);
  return list.map((fields: unknown, index) => ({ row: index + 1, fields }));
}

/** The records of a parsed JSON export (or a bare array of catches), checked for our format and version. */
function jsonRows(text: string): JsonRows {
  let document: unknown;
  try {
    document = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    throw badFile(NOT_JSON);
  }
  let rows: JsonRows;
  if (Array.isArray(document)) {
    rows = { catches: numberedList({ catches: document }, 'catches'), spots: [], trips: [] };
  } else {
    const object = (document ?? {}) as Record<string, unknown>;
    if (typeof document !== 'object' || object.format !== EXPORT_FORMAT) {
      throw badFile(`This JSON is not a Tightlines export (its "format" is not "${EXPORT_FORMAT}").`);
    }
    if (object.version !== EXPORT_VERSION) {
      throw badFile(`This export's version is not supported (expected version ${EXPORT_VERSION}).`);
    }
    rows = {
      catches: numberedList(object, 'catches'),
      spots: numberedList(object, 'spots'),
      trips: numberedList(object, 'trips'),
    };
  }
  // Spots and trips are rows too: a file is refused at the limit whatever it holds.
  if (rows.catches.length + rows.spots.length + rows.trips.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return rows;
}

async function readJsonText(file: string): Promise<string> {
  if ((await stat(file)).size > MAX_IMPORT_JSON_BYTES) throw jsonTooLarge();
  return readFile(file, 'utf8');
}

const jsonTooLarge = () =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The JSON is too large to import (${MAX_IMPORT_JSON_BYTES / 1024 / 1024} MB at most). Import the CSV instead.`,
  );

// ----- ZIP (yauzl reads the central directory and opens one entry at a time: memory stays bounded) -----

function openZip(file: string): Promise<ZipFile> {
  // Loaded with the first ZIP import, not at every start (decision 022).
  const yauzl = createRequire(import.meta.url)('yauzl') as typeof import('yauzl');
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: true }, (error, zip) => {
      if (error || !zip)
        reject(badFile(`The ZIP file is damaged or incomplete (${error?.message ?? 'unreadable'}).`));
      else resolve(zip);
    });
  });
}

/** What an export holds: its JSON and CSV at the top, its photos in photos/. Nothing else is read or kept. */
const isExportEntry = (name: string) =>
  (!name.includes('/') && /\.(json|csv)$/i.test(name)) || /^photos\/[^/]+$/.test(name);

/** Why an entry cannot be in one of our exports, if it cannot: refused before anything is imported. */
function zipEntryProblem(entry: Entry): string | null {
  if (entry.fileNameLength > MAX_ZIP_NAME_BYTES)
    return `a file name is longer than ${MAX_ZIP_NAME_BYTES} bytes`;
  if (entry.extraFieldLength > MAX_ZIP_EXTRA_FIELD_BYTES)
    return `a file carries more than ${MAX_ZIP_EXTRA_FIELD_BYTES} bytes of extra fields`;
  if (entry.fileCommentLength > MAX_ZIP_COMMENT_BYTES)
    return `a file carries a comment longer than ${MAX_ZIP_COMMENT_BYTES} bytes`;
  if (entry.fileName.endsWith('/')) return `it holds a folder (${entry.fileName})`;
  return null;
}

const notAnExportZip = (problem: string) =>
  badFile(
    `This ZIP is not a Tightlines export: ${problem}. Import the .zip file exported by Tightlines as it was downloaded.`,
  );

const NO_BYTES = Buffer.alloc(0);

/**
 * The entries of an export in the ZIP, by name. yauzl reads the central directory one entry at a time; only the
 * entries an export writes are kept, without their raw name, extra fields and comment (slices of one buffer that
 * would keep it all alive), so memory grows with the photos an export can hold, not with what a ZIP can declare.
 */
function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      reject(notAnExportZip(`it holds more than ${MAX_ZIP_ENTRIES.toLocaleString('en-US')} files`));
      return;
    }
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      const problem = zipEntryProblem(entry);
      if (problem) {
        reject(notAnExportZip(problem));
        return;
      }
      if (isExportEntry(entry.fileName) && !entries.has(entry.fileName)) {
        entry.fileNameRaw = NO_BYTES;
        entry.extraFieldRaw = NO_BYTES;
        entry.fileCommentRaw = NO_BYTES;
        entry.extraFields = [];
        entry.fileComment = '';
        entry.comment = '';
        entries.set(entry.fileName, entry);
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(badFile(`The ZIP file is damaged (${error.message}).`)));
    zip.readEntry();
  });
}

function entryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream)
        reject(badFile(`${entry.fileName} in the ZIP cannot be read (${error?.message}).`));
      else resolve(stream);
    });
  });
}

/** An entry's bytes, refused above `maxBytes` (its declared size, and what it really inflates to). */
async function readEntry(
  zip: ZipFile,
  entry: Entry,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) throw tooLarge();
  const parts: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of await entryStream(zip, entry)) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw tooLarge();
      parts.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badFile(`${entry.fileName} in the ZIP is damaged (${(error as Error).message}).`);
  }
  return Buffer.concat(parts);
}

class NotUtf8Error extends Error {}

/** The most CSV text parsed without letting other requests in. */
const CSV_SLICE_CHARS = 64 * 1024;

/** Text from bytes; in UTF-8 a byte sequence that is not UTF-8 throws NotUtf8Error (then the file is read again). */
async function* decodeText(
  stream: AsyncIterable<Buffer | string>,
  encoding: CsvEncoding,
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new NotUtf8Error('not UTF-8');
    }
  };
  for await (const chunk of stream) {
    const text = typeof chunk === 'string' ? chunk : decode(chunk);
    // Parsed a slice at a time, with other requests let in between: chunks already inflated or read ahead would
    // otherwise be parsed back to back without the event loop turning.
    for (let start = 0; start < text.length; start += CSV_SLICE_CHARS) {
      yield text.slice(start, start + CSV_SLICE_CHARS);
      await setImmediate();
    }
  }
  yield decode();
}

async function zipSource(file: string, maxCsvBytes: number): Promise<ImportSource> {
  const zip = await openZip(file);
  const close = async () => zip.close();
  try {
    const entries = await listEntries(zip);
    const topLevel = [...entries.values()].filter((entry) => !entry.fileName.includes('/'));
    const json = topLevel.find((entry) => entry.fileName.toLowerCase().endsWith('.json'));
    const csv = topLevel.find((entry) => entry.fileName.toLowerCase().endsWith('.csv'));
    const photo = async (ref: string) => {
      const entry = ref.startsWith('photos/') ? entries.get(ref) : undefined;
      if (!entry) return null;
      return readEntry(zip, entry, MAX_ZIP_PHOTO_BYTES, () =>
        badFile(`${ref} is too large (20 MB at most, like an upload).`),
      );
    };
    if (json) {
      const text = (await readEntry(zip, json, MAX_IMPORT_JSON_BYTES, jsonTooLarge)).toString('utf8');
      const { catches, spots, trips } = jsonRows(text);
      return { rows: catches, spots, trips, fromCsv: false, photo, close };
    }
    if (csv) {
      // A CSV in a ZIP inflates to no more than its JSON may (nor than a file uploaded alone): 421 KB of ZIP
      // inflated to 401 MB of rows that held the server 100 s (yauzl holds each entry to its declared size).
      const maxInflatedBytes = Math.min(maxCsvBytes, MAX_IMPORT_JSON_BYTES);
      if (csv.uncompressedSize > maxInflatedBytes) {
        throw new AppError(
          413,
          'PAYLOAD_TOO_LARGE',
          `${csv.fileName} in the ZIP is too large to import (${Math.round(maxInflatedBytes / 1024 / 1024)} MB at most).`,
        );
      }
      const open = async () =>
        (async function* () {
          try {
            yield* (await entryStream(zip, csv)) as AsyncIterable<Buffer>;
          } catch (error) {
            if (error instanceof AppError) throw error;
            throw badFile(`${csv.fileName} in the ZIP is damaged (${(error as Error).message}).`);
          }
        })();
      return { rows: await checkedCsvRows(open), spots: [], trips: [], fromCsv: true, photo, close };
    }
    throw badFile('This ZIP holds no .json or .csv export.');
  } catch (error) {
    await close();
    throw error;
  }
}

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** What the route knows of the upload besides its bytes. */
export interface ImportFileOptions {
  /** The name the file was sent with: only to word the error for a file that is not what its name says. */
  fileName?: string;
  /** The largest CSV a ZIP may hold, inflated (the upload cap). */
  maxCsvBytes: number;
}

/** Opens an uploaded file as a ZIP (by its magic bytes), a JSON (it starts with { or [) or else a CSV. */
export async function openImportFile(file: string, options: ImportFileOptions): Promise<ImportSource> {
  const head = await firstBytes(file, 1024);
  if (head.length === 0) throw badFile('The file is empty.');
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) {
    return zipSource(file, options.maxCsvBytes);
  }
  const start = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const close = async () => {};
  if (start.startsWith('{') || start.startsWith('[')) {
    const { catches, spots, trips } = jsonRows(await readJsonText(file));
    return { rows: catches, spots, trips, fromCsv: false, photo: noPhotos, close };
  }
  // Read as a CSV from here on; a file named .zip or .json is not one, and saying "no Fish Type column" would puzzle.
  const extension = path.extname(options.fileName ?? '').toLowerCase();
  if (extension === '.zip') {
    throw badFile(
      'This file is not a ZIP file (damaged, or renamed). Import the .zip file exported by Tightlines as it was downloaded.',
    );
  }
  if (extension === '.json') throw badFile(NOT_JSON);
  const open = async () => createReadStream(file) as AsyncIterable<Buffer>;
  return { rows: await checkedCsvRows(open), spots: [], trips: [], fromCsv: true, photo: noPhotos, close };
}
