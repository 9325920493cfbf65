import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Catch } from '#core/catch.ts';
import {
  EXPORT_FORMATS,
  IMPORT_REJECTIONS_LISTED,
  type ImportSummary,
  importSummarySchema,
} from '#core/data-transfer.ts';
import { photoIdFromUrl } from '#core/photo-url.ts';
import type { UnitSystem } from '#core/units.ts';
import { requireUser } from '../auth/session.ts';
import type { CatchRepository } from '../catches/catch.repository.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../http/app-error.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import type { ImageJobQueue } from '../photos/image-job-queue.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import type { PhotoProcessor } from '../photos/photo-processing.ts';
import { releasePhoto } from '../photos/photo-release.ts';
import type { PhotoStore } from '../photos/photo-store.ts';
import { ingestPhoto } from '../photos/photos.routes.ts';
import { csvHeader, csvRow } from './csv-columns.ts';
import { exportFileName, jsonHead, photoIdFromZipPath, zipPhotoPath } from './export-format.ts';
import { type ImportSource, openImportFile } from './import-file.ts';
import { contentClientId, type PreparedRow, prepareRow } from './import-rows.ts';
import { ImportSlots } from './import-slots.ts';
import { ImportSpool } from './import-spool.ts';

/** Files above this are refused with 413: a ZIP of a big log with photos, spooled to disk. */
export const DEFAULT_IMPORT_MAX_BYTES = 512 * 1024 * 1024;
/** While the image queue is full, a ZIP's photo waits this long before it tries again, up to this many times. */
const BUSY_RETRY_MS = 500;
const BUSY_RETRIES = 120;
/** Rows read from the database, or written to it, at a time: memory stays bounded for any size of log. */
const PAGE_SIZE = 500;

export interface ExportDependencies {
  catches: CatchRepository;
  photos: PhotoRepository;
  photoStore: PhotoStore;
  imageJobs: ImageJobQueue;
  images: PhotoProcessor;
  quotaBytes: number;
  importMaxBytes: number;
  clock: Clock;
  /** Where imports spool their upload (default: the system's temporary folder). */
  importSpoolDir?: string;
  /** Imports the server runs at once, from all accounts (each account one at a time). */
  importsAtOnce: number;
  /** The catches one account may keep: an import decodes no more distinct photos than that. */
  maxCatchesPerAccount: number;
}

/** The photo a row's ref came to in this import, or why it was refused: each ZIP entry is decoded once. */
type ImportedPhoto = { id: string; stored: boolean } | null;
type PhotoOutcome = { photo: ImportedPhoto } | { refused: AppError };

/** What one import carries from batch to batch. */
interface ImportRun {
  userId: number;
  source: ImportSource;
  summary: ImportSummary;
  /** Every photo ref met so far, with what it came to: 40 rows naming one photo decode and store it once. */
  photos: Map<string, PhotoOutcome>;
  /** ZIP photos decoded by this import, counted against maxCatchesPerAccount. */
  decoded: number;
}

/** A rejected row: counted always, listed among the first IMPORT_REJECTIONS_LISTED only. */
function rejectRow(summary: ImportSummary, row: number, message: string): void {
  summary.rejectedCount = (summary.rejectedCount ?? 0) + 1;
  if (summary.rejected.length < IMPORT_REJECTIONS_LISTED) summary.rejected.push({ row, message });
}

const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be json, csv or zip' }),
});

/** How a catch's photo appears in an export: its URL, or in a ZIP the photo file beside the JSON. */
type PhotoPointer = (item: Catch) => string | null;
const photoAsUrl: PhotoPointer = (item) => item.photo;
const photoAsZipPath: PhotoPointer = (item) => {
  const id = item.photo ? photoIdFromUrl(item.photo) : null;
  return id ? zipPhotoPath(id) : null;
};

const importTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The file is too large to import (${Math.round(maxBytes / 1024 / 1024)} MB at most)`,
  );

export async function exportRoutes(app: FastifyInstance, deps: ExportDependencies): Promise<void> {
  const { catches, photos, photoStore, clock } = deps;
  const spool = new ImportSpool(deps.importSpoolDir ?? tmpdir());
  const slots = new ImportSlots(deps.importsAtOnce);
  // A shutdown that cuts an import off exits before the import's own clean-up: up to 512 MB left in the temporary
  // folder at every such restart. And what a crashed server left, older than a day, goes at the next start (ages
  // by the files' real time, never the app's clock).
  app.addHook('onClose', async () => spool.removeAll());
  const swept = await spool.sweepStale(new Date());
  if (swept.length > 0)
    app.log.info({ swept }, 'import: removed upload folders a stopped server left behind');

  async function* jsonChunks(userId: number, username: string, now: Date, photo: PhotoPointer) {
    yield jsonHead(now, username);
    let first = true;
    for await (const page of catches.pages(userId, undefined, PAGE_SIZE)) {
      const text = page.map((item) => JSON.stringify({ ...item, photo: photo(item) })).join(',\n');
      yield first ? text : `,\n${text}`;
      first = false;
    }
    yield '\n]}\n';
  }

  /** The CSV in the angler's units; a photo named as its file in the ZIP export, in the CSV alone too. */
  async function* csvChunks(userId: number, units: UnitSystem) {
    yield csvHeader(units);
    for await (const page of catches.pages(userId, undefined, PAGE_SIZE)) {
      yield page.map((item) => csvRow({ ...item, photo: photoAsZipPath(item) }, units)).join('');
    }
  }

  /** The JSON, the CSV and every photo, added to the ZIP while it is written: one photo in memory at a time. */
  function zipStream(userId: number, username: string, now: Date, units: UnitSystem): Readable {
    // Loaded with the first ZIP export, not at every start (decision 022).
    const yazl = createRequire(import.meta.url)('yazl') as typeof import('yazl');
    const zip = new yazl.ZipFile();
    const mtime = now;
    const output = zip.outputStream as unknown as Readable;
    // A failing read (the database or the photo store went away mid-export) ends the download as failed: the
    // angler sees an error instead of a ZIP that silently lacks the rest.
    const fail = (error: unknown) => {
      app.log.error({ err: error }, 'export: the ZIP could not be completed');
      output.destroy(error as Error);
    };
    // yazl pipes these without listening for their errors: a failing list query (PostgreSQL restarting) was an
    // 'error' event nobody handled, and it took the whole process down.
    const json = Readable.from(jsonChunks(userId, username, now, photoAsZipPath)).on('error', fail);
    const csv = Readable.from(csvChunks(userId, units)).on('error', fail);
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
      for await (const page of catches.pages(userId, undefined, PAGE_SIZE)) {
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

  const exportContract = routeContract({
    summary: 'The whole log as a download: JSON, CSV, or a ZIP of both with every photo',
    querystring: exportQuerySchema,
    response: {},
    responseContent: {
      status: 200,
      mediaType: 'application/octet-stream',
      description:
        'tightlines-export-YYYY-MM-DD.json (application/json), .csv (text/csv) or .zip (application/zip)',
    },
  });
  app.get('/api/export', exportContract, async (request, reply) => {
    const user = requireUser(request);
    const { format } = parseInput(exportQuerySchema, request.query);
    const now = clock.now();
    const types = {
      json: 'application/json; charset=utf-8',
      csv: 'text/csv; charset=utf-8',
      zip: 'application/zip',
    };
    const body =
      format === 'json'
        ? Readable.from(jsonChunks(user.id, user.username, now, photoAsUrl))
        : format === 'csv'
          ? Readable.from(csvChunks(user.id, user.units))
          : zipStream(user.id, user.username, now, user.units);
    return reply
      .type(types[format])
      .header('Content-Disposition', `attachment; filename="${exportFileName(now, format)}"`)
      .send(body);
  });

  /** The `file` field of the multipart body, written to a temporary file (never held in memory), and its name. */
  async function spoolUpload(
    request: FastifyRequest,
    directory: string,
  ): Promise<{ file: string; fileName: string }> {
    const declared = Number(request.headers['content-length'] ?? 0);
    // Refused before reading when the body says it is too big (64 KB of room for the multipart framing).
    if (declared > deps.importMaxBytes + 64 * 1024) throw importTooLarge(deps.importMaxBytes);
    const target = path.join(directory, 'upload');
    try {
      const file = await request.file({ limits: { fileSize: deps.importMaxBytes, files: 1 } });
      if (!file) throw new AppError(400, 'NO_FILE', 'Please choose a file to import');
      if (file.fieldname !== 'file') {
        throw new AppError(400, 'NO_FILE', 'Please choose a file to import (form field "file")');
      }
      await pipeline(file.file, createWriteStream(target));
      if (file.file.truncated) throw importTooLarge(deps.importMaxBytes);
      return { file: target, fileName: file.filename };
    } catch (error) {
      const hasStatus =
        error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number';
      if (hasStatus) throw error;
      throw new AppError(
        400,
        'MALFORMED_UPLOAD',
        'The upload is not a valid multipart form. Please try again.',
      );
    }
  }

  /** The photo a row points at, as a photo of this user: from the ZIP through the image pipeline, or kept as is. */
  async function importPhoto(run: ImportRun, ref: string): Promise<ImportedPhoto> {
    const { userId, source } = run;
    const ownUrlId = photoIdFromUrl(ref);
    if (ownUrlId) return (await photos.isOwnedBy(ownUrlId, userId)) ? { id: ownUrlId, stored: false } : null;
    const bytes = await source.photo(ref);
    if (!bytes) {
      // A CSV exported alone names the photo as the ZIP does: imported into the same account, the photo is still there.
      const ownZipPathId = photoIdFromZipPath(ref);
      if (ownZipPathId && (await photos.isOwnedBy(ownZipPathId, userId)))
        return { id: ownZipPathId, stored: false };
      return null;
    }
    // A photo the store had lost when the log was exported is an empty file: the catch comes without it.
    if (bytes.length === 0) return null;
    // An export holds no more photos than an account keeps catches; past that, a ZIP is only work for the image queue.
    if (run.decoded >= deps.maxCatchesPerAccount) {
      throw new AppError(
        400,
        'INVALID_INPUT',
        `this file holds more than ${deps.maxCatchesPerAccount.toLocaleString('en-US')} photos, more than an account keeps`,
      );
    }
    run.decoded += 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const id = photoIdFromUrl(await ingestPhoto(deps, userId, bytes));
        return id ? { id, stored: true } : null;
      } catch (error) {
        // Uploads from phones have the image queue full: the import waits its turn instead of failing half-way.
        const busy = error instanceof AppError && error.code === 'SERVER_BUSY';
        if (!busy || attempt >= BUSY_RETRIES) throw error;
        await delay(BUSY_RETRY_MS);
      }
    }
  }

  /** Writes one batch: already-imported clientIds are skipped, new photos stored, the rest inserted at once. */
  async function importBatch(run: ImportRun, batch: PreparedRow[]) {
    const { userId, summary } = run;
    const existing = await catches.existingClientIds(
      userId,
      batch.map((prepared) => prepared.input.clientId),
    );
    // A catch saved without a clientId (by a script, say) and exported has none in the file either: re-imported into
    // the same account, it is found by its content and time instead.
    const derived = batch.filter((prepared) => prepared.derivedClientId);
    const unkeyed = await catches.withoutClientIdAt(userId, [
      ...new Set(derived.map((prepared) => prepared.input.createdAt.toISOString())),
    ]);
    for (const item of unkeyed) existing.add(contentClientId(item, item.createdAt));
    const fresh: (PreparedRow & { photoId: string | null })[] = [];
    /** Photos this batch stored from the ZIP: if the batch fails (a full disk, the database gone), they go again. */
    const stored: string[] = [];
    try {
      await storeBatchPhotos(run, batch, existing, fresh, stored);
    } catch (error) {
      await releaseAfterFailure(userId, stored);
      throw error;
    }
    let inserted = new Set<string>();
    let refused = false;
    try {
      inserted = await catches.importMany(
        userId,
        fresh.map(({ input, photoId }) => ({ ...input, photoId })),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'ACCOUNT_FULL') {
        await releaseAfterFailure(userId, stored);
        throw error;
      }
      refused = true;
      for (const prepared of fresh) rejectRow(summary, prepared.row, error.message);
    }
    summary.created += inserted.size;
    for (const prepared of fresh) {
      if (inserted.has(prepared.input.clientId)) continue;
      // Taken meanwhile by a parallel import of the same rows, or refused: the photo stored for it goes.
      if (!refused) summary.skipped += 1;
      await releasePhoto({ photos, photoStore }, userId, prepared.photoId);
      await forgetReleasedPhoto(run, prepared);
    }
  }

  /**
   * A later row naming the photo of a row just let go must not point at a photo that is gone: the ref is worked out
   * again for it. Kept when another catch still shows the photo (it was not released).
   */
  async function forgetReleasedPhoto(run: ImportRun, prepared: PreparedRow & { photoId: string | null }) {
    if (!prepared.photoRef || !prepared.photoId) return;
    const outcome = run.photos.get(prepared.photoRef);
    if (!outcome || !('photo' in outcome) || outcome.photo?.id !== prepared.photoId) return;
    if (!(await photos.isOwnedBy(prepared.photoId, run.userId))) run.photos.delete(prepared.photoRef);
  }

  /**
   * Photos of a batch that failed half-way, let go at once instead of lying 24 hours on a disk that may be full (the
   * sweeper's job, and still so when this fails too: the database may be what failed).
   */
  async function releaseAfterFailure(userId: number, photoIds: readonly string[]) {
    for (const photoId of photoIds) {
      try {
        await releasePhoto({ photos, photoStore }, userId, photoId);
      } catch (error) {
        app.log.warn({ err: error, photoId }, 'import: a photo of a failed batch was left to the sweeper');
      }
    }
  }

  /** The rows of a batch not yet in the log, each with its photo stored (from the ZIP) or kept (a URL). */
  async function storeBatchPhotos(
    run: ImportRun,
    batch: PreparedRow[],
    existing: Set<string>,
    fresh: (PreparedRow & { photoId: string | null })[],
    stored: string[],
  ) {
    const { summary } = run;
    const seen = new Set<string>();
    for (const prepared of batch) {
      const { clientId } = prepared.input;
      if (existing.has(clientId) || seen.has(clientId)) {
        summary.skipped += 1;
        continue;
      }
      seen.add(clientId);
      let photoId: string | null = null;
      if (prepared.photoRef) {
        const outcome = await photoOutcome(run, prepared.photoRef, stored);
        if ('refused' in outcome) {
          rejectRow(summary, prepared.row, `Photo: ${outcome.refused.message}`);
          continue;
        }
        photoId = outcome.photo?.id ?? null;
      }
      fresh.push({ ...prepared, photoId });
    }
  }

  /** What a photo ref comes to in this import: worked out (decoded, stored) at its first row, then shared. */
  async function photoOutcome(run: ImportRun, ref: string, stored: string[]): Promise<PhotoOutcome> {
    const known = run.photos.get(ref);
    if (known) return known;
    let outcome: PhotoOutcome;
    try {
      const photo = await importPhoto(run, ref);
      if (photo?.stored) stored.push(photo.id);
      outcome = { photo };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      outcome = { refused: error };
    }
    run.photos.set(ref, outcome);
    return outcome;
  }

  const importContract = routeContract({
    summary: 'Import a JSON, CSV or ZIP made by the export (re-importing creates nothing)',
    bodyContent: {
      mediaType: 'multipart/form-data',
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary' } },
      },
    },
    response: { 200: importSummarySchema },
  });
  app.post('/api/import', importContract, async (request) => {
    const user = requireUser(request);
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as a multipart form (field "file")');
    }
    // Taken before the upload is read: a refused import costs neither the disk nor the memory of one.
    const releaseSlot = slots.take(user.id);
    try {
      const directory = await spool.create();
      try {
        const { file, fileName } = await spoolUpload(request, directory);
        const source = await openImportFile(file, { fileName, maxCsvBytes: deps.importMaxBytes });
        const summary: ImportSummary = { created: 0, skipped: 0, rejected: [], rejectedCount: 0 };
        const run: ImportRun = { userId: user.id, source, summary, photos: new Map(), decoded: 0 };
        try {
          const now = clock.now();
          let batch: PreparedRow[] = [];
          for await (const { row, fields } of source.rows) {
            const result = prepareRow(row, fields, now, source.fromCsv);
            if (!result.ok) rejectRow(summary, row, result.message);
            else batch.push(result.value);
            if (batch.length >= PAGE_SIZE) {
              await importBatch(run, batch);
              batch = [];
            }
          }
          await importBatch(run, batch);
        } finally {
          await source.close();
        }
        return summary;
      } finally {
        await spool.remove(directory);
      }
    } finally {
      releaseSlot();
    }
  });
}
