import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Catch } from '#core/catch.ts';
import type { ExportFormat } from '#core/data-transfer.ts';
import { photoIdFromUrl } from '#core/photo-url.ts';
import type { Spot } from '#core/spots.ts';
import type { Trip } from '#core/trips.ts';
import type { User } from '#core/user.ts';
import type { CatchRepository } from '../catches/catch.repository.ts';
import type { PhotoStore } from '../photos/photo-store.ts';
import type { SpotRepository } from '../spots/spot.repository.ts';
import type { TripRepository } from '../trips/trip.repository.ts';
import { csvHeader, csvRow, type LinkedNames } from './csv-columns.ts';
import { exportFileName, jsonHead, ROWS_AT_A_TIME, zipPhotoPath } from './export-format.ts';
import { catchWaypoint, GPX_TAIL, gpxHead, spotWaypoint } from './gpx.ts';
import { clientIdsById } from './record-keys.ts';

/** What an export reads: the log page by page, the spots and trips whole (an account keeps a bounded few), the photos one at a time. */
export interface ExportSources {
  catches: CatchRepository;
  spots: SpotRepository;
  trips: TripRepository;
  photoStore: PhotoStore;
  log: FastifyBaseLogger;
}

/**
 * The spots and trips of the log, and the clientId each is known by in the file (docs/decisions/043-trips-and-spots.md):
 * read once, before the catches, which name them.
 */
interface LinkedRecords {
  spots: Spot[];
  trips: Trip[];
  spotClientIds: Map<number, string>;
  tripClientIds: Map<number, string>;
}

async function linkedRecords({ spots, trips }: ExportSources, owner: ExportOwner): Promise<LinkedRecords> {
  const [spotList, tripList] = await Promise.all([spots.list(owner.id), trips.list(owner.id)]);
  return {
    spots: spotList,
    trips: tripList,
    spotClientIds: clientIdsById('spot', spotList),
    tripClientIds: clientIdsById('trip', tripList),
  };
}

/** The clientId a link points at in the file, or null for none. */
const linkedClientId = (clientIds: Map<number, string>, id: number | null) =>
  id === null ? null : (clientIds.get(id) ?? null);

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
  if (format === 'json') return Readable.from(jsonChunks(sources, owner, now, photoAsUrl));
  if (format === 'csv') return Readable.from(csvChunks(sources, owner));
  if (format === 'gpx') return Readable.from(gpxChunks(sources, owner, now));
  return zipStream(sources, owner, now);
}

/**
 * The JSON: the spots and trips first, each with the clientId the catches after them name it by (`spotClientId`,
 * `tripClientId`; a trip's spot too), so that an import links the records it makes, in any account.
 */
async function* jsonChunks(sources: ExportSources, owner: ExportOwner, now: Date, photo: PhotoPointer) {
  const { spots, trips, spotClientIds, tripClientIds } = await linkedRecords(sources, owner);
  yield jsonHead(now, owner.username, {
    spots: spots.map((spot) => ({ ...spot, clientId: spotClientIds.get(spot.id) })),
    trips: trips.map((trip) => ({
      ...trip,
      clientId: tripClientIds.get(trip.id),
      spotClientId: linkedClientId(spotClientIds, trip.spotId),
    })),
  });
  let first = true;
  for await (const page of sources.catches.pages(owner.id, undefined, ROWS_AT_A_TIME)) {
    const text = page
      .map((item) =>
        JSON.stringify({
          ...item,
          photo: photo(item),
          spotClientId: linkedClientId(spotClientIds, item.spotId),
          tripClientId: linkedClientId(tripClientIds, item.tripId),
        }),
      )
      .join(',\n');
    yield first ? text : `,\n${text}`;
    first = false;
  }
  yield '\n]}\n';
}

/**
 * The CSV in the angler's units; a photo named as its file in the ZIP export, in the CSV alone too; a catch's spot by
 * its name and its trip by its start.
 */
async function* csvChunks(sources: ExportSources, owner: ExportOwner) {
  const { spots, trips } = await linkedRecords(sources, owner);
  const names: LinkedNames = {
    spotId: new Map(spots.map((spot) => [spot.id, spot.name])),
    tripId: new Map(trips.map((trip) => [trip.id, trip.startedAt])),
  };
  yield csvHeader(owner.units);
  for await (const page of sources.catches.pages(owner.id, undefined, ROWS_AT_A_TIME)) {
    yield page.map((item) => csvRow({ ...item, photo: photoAsZipPath(item) }, owner.units, names)).join('');
  }
}

/** The GPX waypoints: one per spot, then one per catch with a position, named in the angler's units. */
async function* gpxChunks(sources: ExportSources, owner: ExportOwner, now: Date) {
  yield gpxHead(now, owner.username);
  yield (await sources.spots.list(owner.id)).map(spotWaypoint).join('');
  for await (const page of sources.catches.pages(owner.id, undefined, ROWS_AT_A_TIME)) {
    yield page.map((item) => catchWaypoint(item, owner.units)).join('');
  }
  yield GPX_TAIL;
}

/** The JSON, the CSV and every photo, added to the ZIP while it is written: one photo in memory at a time. */
function zipStream(sources: ExportSources, owner: ExportOwner, now: Date): Readable {
  const { catches, photoStore, log } = sources;
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
  const json = Readable.from(jsonChunks(sources, owner, now, photoAsZipPath)).on('error', fail);
  const csv = Readable.from(csvChunks(sources, owner)).on('error', fail);
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
