import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Catch } from '#core/catch.ts';
import type { ExportFormat } from '#core/data-transfer.ts';
import { photoIdFromUrl } from '#core/photo-url.ts';
import type { User } from '#core/user.ts';
import type { CatchRepository } from '../catches/catch.repository.ts';
import type { PhotoStore } from '../photos/photo-store.ts';
import { csvHeader, csvRow } from './csv-columns.ts';
import { exportFileName, jsonHead, ROWS_AT_A_TIME, zipPhotoPath } from './export-format.ts';
import { catchWaypoint, GPX_TAIL, gpxHead } from './gpx.ts';

/** What an export reads: the log page by page, the photos one at a time. */
export interface ExportSources {
  catches: CatchRepository;
  photoStore: PhotoStore;
  log: FastifyBaseLogger;
}

/** The angler whose log is exported: the JSON names them, the CSV is in their units. */
type ExportOwner = Pick<User, 'id' | 'username' | 'units'>;

/** How a catch's photo appears in an export: its URL, or in a ZIP the photo file beside the JSON. */
type PhotoPointer = (item: Catch) => string | null;
const photoAsUrl: PhotoPointer = (item) => item.photo;
const photoAsZipPath: PhotoPointer = (item) => {
  const id = item.photo ? photoIdFromUrl(item.photo) : null;
  return id ? zipPhotoPath(id) : null;
};

/** The whole log of `owner` in `format`, written while it is read: memory stays bounded for any size of log. */
export function exportStream(
  format: ExportFormat,
  sources: ExportSources,
  owner: ExportOwner,
  now: Date,
): Readable {
  if (format === 'json') return Readable.from(jsonChunks(sources.catches, owner, now, photoAsUrl));
  if (format === 'csv') return Readable.from(csvChunks(sources.catches, owner));
  if (format === 'gpx') return Readable.from(gpxChunks(sources.catches, owner, now));
  return zipStream(sources, owner, now);
}

async function* jsonChunks(catches: CatchRepository, owner: ExportOwner, now: Date, photo: PhotoPointer) {
  yield jsonHead(now, owner.username);
  let first = true;
  for await (const page of catches.pages(owner.id, undefined, ROWS_AT_A_TIME)) {
    const text = page.map((item) => JSON.stringify({ ...item, photo: photo(item) })).join(',\n');
    yield first ? text : `,\n${text}`;
    first = false;
  }
  yield '\n]}\n';
}

/** The CSV in the angler's units; a photo named as its file in the ZIP export, in the CSV alone too. */
async function* csvChunks(catches: CatchRepository, owner: ExportOwner) {
  yield csvHeader(owner.units);
  for await (const page of catches.pages(owner.id, undefined, ROWS_AT_A_TIME)) {
    yield page.map((item) => csvRow({ ...item, photo: photoAsZipPath(item) }, owner.units)).join('');
  }
}

/** The GPX waypoints: one per catch with a position, named in the angler's units. */
async function* gpxChunks(catches: CatchRepository, owner: ExportOwner, now: Date) {
  yield gpxHead(now, owner.username);
  for await (const page of catches.pages(owner.id, undefined, ROWS_AT_A_TIME)) {
    yield page.map((item) => catchWaypoint(item, owner.units)).join('');
  }
  yield GPX_TAIL;
}

/** The JSON, the CSV and every photo, added to the ZIP while it is written: one photo in memory at a time. */
function zipStream({ catches, photoStore, log }: ExportSources, owner: ExportOwner, now: Date): Readable {
  // Loaded with the first ZIP export, not at every start (decision 022).
  const yazl = createRequire(import.meta.url)('yazl') as typeof import('yazl');
  const zip = new yazl.ZipFile();
  const mtime = now;
  const output = zip.outputStream as unknown as Readable;
  // A failing read (the database or the photo store went away mid-export) ends the download as failed: the
  // angler sees an error instead of a ZIP that silently lacks the rest.
  const fail = (error: unknown) => {
    log.error({ err: error }, 'export: the ZIP could not be completed');
    output.destroy(error as Error);
  };
  // yazl pipes these without listening for their errors: a failing list query (PostgreSQL restarting) was an
  // 'error' event nobody handled, and it took the whole process down.
  const json = Readable.from(jsonChunks(catches, owner, now, photoAsZipPath)).on('error', fail);
  const csv = Readable.from(csvChunks(catches, owner)).on('error', fail);
  zip.addReadStream(json, exportFileName(now, 'json'), { mtime });
  zip.addReadStream(csv, exportFileName(now, 'csv'), { mtime });
  // The download abandoned (the angler left, the connection dropped) or failed: nothing more is read for it.
  let abandoned = false;
  output.once('close', () => {
    abandoned = true;
    json.destroy();
    csv.destroy();
  });
  const addPhotos = async () => {
    const added = new Set<string>();
    for await (const page of catches.pages(owner.id, undefined, ROWS_AT_A_TIME)) {
      if (abandoned) return;
      for (const item of page) {
        const id = item.photo ? photoIdFromUrl(item.photo) : null;
        if (!id || added.has(id)) continue;
        added.add(id);
        // Read only when the ZIP gets to it; WebP is compressed already.
        zip.addReadStreamLazy(zipPhotoPath(id), { mtime, compress: false }, (callback) => {
          photoStore.read(id, 'full').then(
            (full) => callback(null, Readable.from(full ? [full] : [])),
            (error: unknown) => callback(error, Readable.from([])),
          );
        });
      }
    }
    zip.end();
  };
  zip.on('error', fail);
  addPhotos().catch(fail);
  return output;
}
