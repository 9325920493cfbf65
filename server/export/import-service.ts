import { tmpdir } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_REJECTIONS_LISTED, type ImportSummary } from '#core/data-transfer.ts';
import { photoIdFromUrl } from '#core/photo-url.ts';
import { spotCreateSchema } from '#core/spot-schema.ts';
import { tripCreateSchema } from '#core/trip-schema.ts';
import type { CatchRepository } from '../catches/catch.repository.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../http/app-error.ts';
import type { ImageJobQueue } from '../photos/image-job-queue.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import type { PhotoProcessor } from '../photos/photo-processing.ts';
import { releasePhoto } from '../photos/photo-release.ts';
import type { PhotoStore } from '../photos/photo-store.ts';
import { ingestPhoto } from '../photos/photos.routes.ts';
import type { SpotRepository } from '../spots/spot.repository.ts';
import type { TripRepository } from '../trips/trip.repository.ts';
import { photoIdFromZipPath, ROWS_AT_A_TIME } from './export-format.ts';
import { type ImportSource, openImportFile } from './import-file.ts';
import { contentClientId, hasNul, type PreparedRow, prepareRow, uuidOfContent } from './import-rows.ts';
import { ImportSlots } from './import-slots.ts';
import { ImportSpool } from './import-spool.ts';
import { exportedClientId } from './record-keys.ts';

/** While the image queue is full, a ZIP's photo waits this long before it tries again, up to this many times. */
const BUSY_RETRY_MS = 500;
const BUSY_RETRIES = 120;

export interface ImportDependencies {
  catches: CatchRepository;
  spots: SpotRepository;
  trips: TripRepository;
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

/** The uploaded file, written into the import's spool folder, and the name the angler gave it. */
export interface SpooledUpload {
  file: string;
  fileName: string;
}

/** The photo a row's ref came to in this import, or why it was refused: each ZIP entry is decoded once. */
type ImportedPhoto = { id: string; stored: boolean } | null;
type PhotoOutcome = { photo: ImportedPhoto } | { refused: AppError };

/** A row not yet in the log, with the photo it will show. */
type FreshRow = PreparedRow & { photoId: string | null };

/** The ids in this account of the spots and trips a file names, by the clientId the file names them by. */
interface LinkedIds {
  spot: Map<string, number>;
  trip: Map<string, number>;
}

/** What one import carries from batch to batch. */
interface ImportRun {
  userId: number;
  source: ImportSource;
  summary: ImportSummary;
  /** Every photo ref met so far, with what it came to: 40 rows naming one photo decode and store it once. */
  photos: Map<string, PhotoOutcome>;
  /** ZIP photos decoded by this import, counted against maxCatchesPerAccount. */
  decoded: number;
  /** Filled before the catches are read, which link to them. */
  linked: LinkedIds;
  /** The trips this import made: their effort is worked out again once their catches are in. */
  madeTrips: number[];
}

/** A spot or trip row checked: the clientId it is known by, and how to make it; or why it is refused. */
type PreparedRecord =
  | { success: true; key: string; create: () => Promise<{ id: number; created: boolean }> }
  | { success: false; error: { issues: readonly { message: string }[] } };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The id in this account of the record a file's clientId names: null when the file says none; undefined when it
 * does not say, or names a record neither the file nor the account has (then the link is worked out as for a create).
 */
function linkedId(ids: Map<string, number>, clientId: unknown): number | null | undefined {
  if (clientId === null) return null;
  return typeof clientId === 'string' ? ids.get(clientId.trim()) : undefined;
}

/** A rejected row: counted always, listed among the first IMPORT_REJECTIONS_LISTED only. */
function rejectRow(summary: ImportSummary, row: number, message: string): void {
  summary.rejectedCount = (summary.rejectedCount ?? 0) + 1;
  if (summary.rejected.length < IMPORT_REJECTIONS_LISTED) summary.rejected.push({ row, message });
}

/** Imports an export file into an account: one import per account, importsAtOnce for the server. */
export class ImportService {
  private readonly deps: ImportDependencies;
  private readonly log: FastifyBaseLogger;
  private readonly spool: ImportSpool;
  private readonly slots: ImportSlots;

  constructor(deps: ImportDependencies, log: FastifyBaseLogger) {
    this.deps = deps;
    this.log = log;
    this.spool = new ImportSpool(deps.importSpoolDir ?? tmpdir());
    this.slots = new ImportSlots(deps.importsAtOnce);
  }

  /** Upload folders a crashed server left, older than a day (ages by the files' real time, never the app's clock). */
  async removeStaleUploads(): Promise<void> {
    const swept = await this.spool.sweepStale(new Date());
    if (swept.length > 0)
      this.log.info({ swept }, 'import: removed upload folders a stopped server left behind');
  }

  /** A shutdown that cuts an import off exits before the import's own clean-up: its upload goes here instead. */
  async removeAllUploads(): Promise<void> {
    await this.spool.removeAll();
  }

  /**
   * One import: `receiveUpload` writes the file into the folder it is given, then every row is imported. The slot is
   * taken before the upload is read: a refused import costs neither the disk nor the memory of one.
   */
  async run(
    userId: number,
    receiveUpload: (directory: string) => Promise<SpooledUpload>,
  ): Promise<ImportSummary> {
    const releaseSlot = this.slots.take(userId);
    try {
      const directory = await this.spool.create();
      try {
        const { file, fileName } = await receiveUpload(directory);
        const source = await openImportFile(file, { fileName, maxCsvBytes: this.deps.importMaxBytes });
        try {
          return await this.importRows({
            userId,
            source,
            summary: { created: 0, skipped: 0, rejected: [], rejectedCount: 0 },
            photos: new Map(),
            decoded: 0,
            linked: { spot: new Map(), trip: new Map() },
            madeTrips: [],
          });
        } finally {
          await source.close();
        }
      } finally {
        await this.spool.remove(directory);
      }
    } finally {
      releaseSlot();
    }
  }

  /** Every row of the file, checked and written ROWS_AT_A_TIME at a time, after the spots and trips they link to. */
  private async importRows(run: ImportRun): Promise<ImportSummary> {
    const { source, summary } = run;
    await this.importSpotsAndTrips(run);
    const now = this.deps.clock.now();
    let batch: PreparedRow[] = [];
    for await (const { row, fields } of source.rows) {
      const result = prepareRow(row, fields, now, source.fromCsv);
      if (!result.ok) rejectRow(summary, row, result.message);
      else batch.push(result.value);
      if (batch.length >= ROWS_AT_A_TIME) {
        await this.importBatch(run, batch);
        batch = [];
      }
    }
    await this.importBatch(run, batch);
    // A trip made before its catches may have been worked out without the place they bring (docs/decisions/044-insights.md).
    await this.deps.trips.redoEffort(run.userId, run.madeTrips);
    return summary;
  }

  /**
   * The spots, then the trips of the file (docs/decisions/043-trips-and-spots.md), each checked as a created one and
   * made through its repository, by its clientId: one the account holds already is skipped, so a re-import doubles
   * nothing. What each clientId comes to (made now or found) is kept for the catches, and a trip's spot, to link to.
   */
  private async importSpotsAndTrips(run: ImportRun): Promise<void> {
    const { userId, source, summary, linked } = run;
    const { spots, trips } = this.deps;
    if (source.spots.length === 0 && source.trips.length === 0) return;
    // The account's own, as an export of it names them: a file of this account finds them again.
    for (const spot of await spots.list(userId)) linked.spot.set(exportedClientId('spot', spot), spot.id);
    for (const trip of await trips.list(userId)) linked.trip.set(exportedClientId('trip', trip), trip.id);
    summary.spots = await this.importRecords(run, 'spot', source.spots, (fields) => {
      const parsed = spotCreateSchema.safeParse(fields);
      if (!parsed.success) return parsed;
      const { clientId, ...spot } = parsed.data;
      const key = clientId ?? uuidOfContent(['spot', spot.name, spot.latitude, spot.longitude]);
      return {
        success: true,
        key,
        create: async () => {
          const { spot: made, created } = await spots.create(userId, { ...spot, clientId: key });
          return { id: made.id, created };
        },
      };
    });
    summary.trips = await this.importRecords(run, 'trip', source.trips, (fields) => {
      const parsed = tripCreateSchema.safeParse({
        ...fields,
        spotId: linkedId(linked.spot, fields.spotClientId) ?? null,
      });
      if (!parsed.success) return parsed;
      const { clientId, ...trip } = parsed.data;
      const key = clientId ?? uuidOfContent(['trip', trip.startedAt, trip.endedAt]);
      return {
        success: true,
        key,
        create: async () => {
          const { trip: made, created } = await trips.create(userId, { ...trip, clientId: key });
          if (created) run.madeTrips.push(made.id);
          return { id: made.id, created };
        },
      };
    });
  }

  /** One list of records: each checked, skipped when known, else created; a refused one is a rejected row. */
  private async importRecords(
    run: ImportRun,
    kind: 'spot' | 'trip',
    rows: ImportSource['spots'],
    prepare: (fields: Record<string, unknown>) => PreparedRecord,
  ): Promise<{ created: number; skipped: number }> {
    const counts = { created: 0, skipped: 0 };
    const known = run.linked[kind];
    const label = kind === 'spot' ? 'Spot' : 'Trip';
    /** Once the account is full, the rest are refused with the same answer, without a transaction each. */
    let full: AppError | null = null;
    for (const { row, fields } of rows) {
      const refused = (message: string) => ({ success: false as const, error: { issues: [{ message }] } });
      let prepared: PreparedRecord;
      if (!isRecord(fields)) prepared = refused(`Not a ${kind}`);
      else if (hasNul(fields)) prepared = refused('Text must not contain the NUL character');
      else prepared = prepare(fields);
      if (!prepared.success) {
        rejectRow(run.summary, row, `${label}: ${prepared.error.issues[0]?.message ?? `Invalid ${kind}`}`);
        continue;
      }
      if (known.has(prepared.key)) {
        counts.skipped += 1;
        continue;
      }
      try {
        if (full) throw full;
        const { id, created } = await prepared.create();
        known.set(prepared.key, id);
        // Not created: a parallel request made it meanwhile (the repository found it by its clientId).
        if (created) counts.created += 1;
        else counts.skipped += 1;
      } catch (error) {
        // A rule of the record (a trip overlapping another, the account full) refuses the row, not the file.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        if (error.code === 'ACCOUNT_FULL') full = error;
        rejectRow(run.summary, row, `${label}: ${error.message}`);
      }
    }
    return counts;
  }

  /** Writes one batch: already-imported clientIds are skipped, new photos stored, the rest inserted at once. */
  private async importBatch(run: ImportRun, batch: PreparedRow[]) {
    const { userId, summary } = run;
    const { catches } = this.deps;
    const existing = await this.clientIdsInLog(userId, batch);
    const fresh: FreshRow[] = [];
    /** Photos this batch stored from the ZIP: if the batch fails (a full disk, the database gone), they go again. */
    const stored: string[] = [];
    try {
      await this.storeBatchPhotos(run, batch, existing, fresh, stored);
    } catch (error) {
      await this.releaseAfterFailure(userId, stored);
      throw error;
    }
    let inserted = new Set<string>();
    let refused = false;
    try {
      inserted = await catches.importMany(
        userId,
        fresh.map(({ input, links, photoId }) => ({
          ...input,
          photoId,
          spotId: linkedId(run.linked.spot, links.spotClientId),
          tripId: linkedId(run.linked.trip, links.tripClientId),
        })),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'ACCOUNT_FULL') {
        await this.releaseAfterFailure(userId, stored);
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
      await releasePhoto(this.deps, userId, prepared.photoId);
      await this.forgetReleasedPhoto(run, prepared);
    }
  }

  /** The clientIds of the batch the log already holds. */
  private async clientIdsInLog(userId: number, batch: PreparedRow[]): Promise<Set<string>> {
    const { catches } = this.deps;
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
    return existing;
  }

  /**
   * A later row naming the photo of a row just let go must not point at a photo that is gone: the ref is worked out
   * again for it. Kept when another catch still shows the photo (it was not released).
   */
  private async forgetReleasedPhoto(run: ImportRun, prepared: FreshRow) {
    if (!prepared.photoRef || !prepared.photoId) return;
    const outcome = run.photos.get(prepared.photoRef);
    if (!outcome || !('photo' in outcome) || outcome.photo?.id !== prepared.photoId) return;
    if (!(await this.deps.photos.isOwnedBy(prepared.photoId, run.userId)))
      run.photos.delete(prepared.photoRef);
  }

  /**
   * Photos of a batch that failed half-way, let go at once instead of lying 24 hours on a disk that may be full (the
   * sweeper's job, and still so when this fails too: the database may be what failed).
   */
  private async releaseAfterFailure(userId: number, photoIds: readonly string[]) {
    for (const photoId of photoIds) {
      try {
        await releasePhoto(this.deps, userId, photoId);
      } catch (error) {
        this.log.warn({ err: error, photoId }, 'import: a photo of a failed batch was left to the sweeper');
      }
    }
  }

  /** The rows of a batch not yet in the log, each with its photo stored (from the ZIP) or kept (a URL). */
  private async storeBatchPhotos(
    run: ImportRun,
    batch: PreparedRow[],
    existing: Set<string>,
    fresh: FreshRow[],
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
        const outcome = await this.photoOutcome(run, prepared.photoRef, stored);
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
  private async photoOutcome(run: ImportRun, ref: string, stored: string[]): Promise<PhotoOutcome> {
    const known = run.photos.get(ref);
    if (known) return known;
    let outcome: PhotoOutcome;
    try {
      const photo = await this.importPhoto(run, ref);
      if (photo?.stored) stored.push(photo.id);
      outcome = { photo };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      outcome = { refused: error };
    }
    run.photos.set(ref, outcome);
    return outcome;
  }

  /** The photo a row points at, as a photo of this user: from the ZIP through the image pipeline, or kept as is. */
  private async importPhoto(run: ImportRun, ref: string): Promise<ImportedPhoto> {
    const { userId, source } = run;
    const { photos, maxCatchesPerAccount } = this.deps;
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
    if (run.decoded >= maxCatchesPerAccount) {
      throw new AppError(
        400,
        'INVALID_INPUT',
        `this file holds more than ${maxCatchesPerAccount.toLocaleString('en-US')} photos, more than an account keeps`,
      );
    }
    run.decoded += 1;
    return this.storeDecodedPhoto(userId, bytes);
  }

  /** A ZIP photo through the image pipeline, waiting its turn while the queue is full. */
  private async storeDecodedPhoto(userId: number, bytes: Buffer): Promise<ImportedPhoto> {
    for (let attempt = 1; ; attempt++) {
      try {
        const id = photoIdFromUrl(await ingestPhoto(this.deps, userId, bytes));
        return id ? { id, stored: true } : null;
      } catch (error) {
        // Uploads from phones have the image queue full: the import waits its turn instead of failing half-way.
        const busy = error instanceof AppError && error.code === 'SERVER_BUSY';
        if (!busy || attempt >= BUSY_RETRIES) throw error;
        await delay(BUSY_RETRY_MS);
      }
    }
  }
}
