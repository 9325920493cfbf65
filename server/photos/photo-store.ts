// Where re-encoded photos live. Only processPhoto's WebP output is ever saved here (docs/product.md#photos), under ids the server
// generated (UUIDs), never under a client-supplied name.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isPhotoId } from '#core/photo-url.ts';

export type PhotoVariant = 'full' | 'thumb';

export interface PhotoStore {
  /** Stores (or replaces) one variant of a photo; when the promise resolves the bytes are durable. */
  save(id: string, variant: PhotoVariant, data: Buffer): Promise<void>;
  /** The stored bytes, or null when there are none. */
  read(id: string, variant: PhotoVariant): Promise<Buffer | null>;
  /** Removes both variants; removing a photo that is not there is not an error. */
  remove(id: string): Promise<void>;
  /**
   * The id of every photo the store holds anything of (a variant, or a file a save left half-way), each once, in
   * id order: what a backup copies and the orphan sweep checks against the records.
   */
  listPhotoIds(): AsyncIterable<string>;
  /** Resolves when the store can be used now (cheap: for a readiness probe); throws when it cannot. */
  checkReachable(): Promise<void>;
}

/**
 * The store cannot be reached right now (connection refused, timed out, the service answering 5xx): a 503 with
 * PHOTO_STORE_UNAVAILABLE (server/http/outage-errors.ts), not a 500. `cause` is the original error.
 */
export class PhotoStoreUnavailableError extends Error {
  readonly code = 'PHOTO_STORE_UNAVAILABLE';
}

/** The store refuses to take more bytes (an object store's quota): a 507 STORAGE_FULL, like a full disk. */
export class PhotoStoreFullError extends Error {
  readonly code = 'PHOTO_STORE_FULL';
}

const VARIANTS: readonly PhotoVariant[] = ['full', 'thumb'];

// Ids become file names, so anything else (../, slashes, NUL, upper case aliases) is a programming error.
function assertPhotoId(id: string): void {
  if (!isPhotoId(id)) throw new TypeError(`Invalid photo id: ${JSON.stringify(String(id).slice(0, 60))}`);
}

function assertVariant(variant: string): asserts variant is PhotoVariant {
  if (!VARIANTS.includes(variant as PhotoVariant)) {
    throw new TypeError(`Invalid photo variant: ${JSON.stringify(variant)}`);
  }
}

/**
 * Where a variant lives inside a store: `3f/<id>.webp` and `3f/<id>.thumb.webp` (the two-character fan-out keeps
 * directories small). The disk store and the S3 store share it, so a photo folder copied into a bucket as it is
 * (`aws s3 sync DATA_DIR/photos s3://bucket --exclude '*.tmp'`) is a working S3 store.
 */
export function photoObjectName(id: string, variant: PhotoVariant): string {
  assertPhotoId(id);
  assertVariant(variant);
  return `${id.slice(0, 2)}/${variant === 'thumb' ? `${id}.thumb.webp` : `${id}.webp`}`;
}

/** Every variant's object name of a photo. */
export function photoObjectNames(id: string): string[] {
  return VARIANTS.map((variant) => photoObjectName(id, variant));
}

/**
 * The photo id an object belongs to: `3f/<id>.webp`, `3f/<id>.thumb.webp` (photoObjectName) or a temporary file of
 * a save (`3f/<id>.webp.<uuid>.tmp`); null for a name that is none of ours.
 */
export function photoIdOfObjectName(name: string): string | null {
  const slash = name.indexOf('/');
  const id = name.slice(slash + 1, slash + 37);
  const fanOut = name.slice(0, slash);
  return isPhotoId(id) && fanOut === id.slice(0, 2) && name[slash + 37] === '.' ? id : null;
}

/** The ids among object names, each once, in order (the names come sorted, a photo's next to each other). */
export function* distinctPhotoIds(sortedNames: Iterable<string>, after = ''): Generator<string> {
  let last = after;
  for (const name of sortedNames) {
    const id = photoIdOfObjectName(name);
    if (id && id > last) {
      last = id;
      yield id;
    }
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Photos as files: `${dir}/${id.slice(0, 2)}/${id}.webp` and `${id}.thumb.webp` (photoObjectName). Writes are atomic and durable: temporary file, fsync, rename, fsync of the directory, so a
 * crash leaves either the old file or the new one, never half a photo.
 */
export class DiskPhotoStore implements PhotoStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  /** The file holding a variant (exposed for tests and operations tooling). */
  pathOf(id: string, variant: PhotoVariant): string {
    return path.join(this.dir, photoObjectName(id, variant));
  }

  async save(id: string, variant: PhotoVariant, data: Buffer): Promise<void> {
    const target = this.pathOf(id, variant);
    const folder = path.dirname(target);
    await mkdir(folder, { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      const file = await open(temporary, 'wx', 0o644);
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncDirectory(folder);
  }

  async read(id: string, variant: PhotoVariant): Promise<Buffer | null> {
    const target = this.pathOf(id, variant);
    try {
      return await readFile(target);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Both variants, and any temporary file a save of this photo left behind (a crash between write and rename). */
  async remove(id: string): Promise<void> {
    const folder = path.dirname(this.pathOf(id, 'full'));
    const leftovers = (await readdirIfAny(folder)).filter(
      (name) => name.startsWith(`${id}.`) && name.endsWith('.tmp'),
    );
    await Promise.all([
      ...VARIANTS.map((variant) => rm(this.pathOf(id, variant), { force: true })),
      ...leftovers.map((name) => rm(path.join(folder, name), { force: true })),
    ]);
  }

  async *listPhotoIds(): AsyncIterable<string> {
    for (const fanOut of (await readdirIfAny(this.dir)).sort()) {
      const names = (await readdirIfAny(path.join(this.dir, fanOut))).sort();
      yield* distinctPhotoIds(names.map((name) => `${fanOut}/${name}`));
    }
  }

  /** The folder exists (made if need be) and this process may write in it. */
  async checkReachable(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.W_OK);
  }
}

/** The names in a folder; none when it does not exist (or is not a folder: a stray file among the fan-out). */
async function readdirIfAny(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

/** Makes a rename durable. Not every platform can open a directory (Windows): there it is skipped. */
async function syncDirectory(folder: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw error;
  } finally {
    await handle?.close();
  }
}

/** An in-memory PhotoStore for tests. Copies on the way in and out, like a real store. */
export class MemoryPhotoStore implements PhotoStore {
  private readonly files: Map<string, Buffer>;

  constructor() {
    this.files = new Map();
  }

  /** How many photos (ids with at least one stored variant) the store holds. */
  size(): number {
    return new Set([...this.files.keys()].map((key) => key.slice(0, key.indexOf('/')))).size;
  }

  private key(id: string, variant: PhotoVariant): string {
    assertPhotoId(id);
    assertVariant(variant);
    return `${id}/${variant}`;
  }

  async save(id: string, variant: PhotoVariant, data: Buffer): Promise<void> {
    this.files.set(this.key(id, variant), Buffer.from(data));
  }

  async read(id: string, variant: PhotoVariant): Promise<Buffer | null> {
    const data = this.files.get(this.key(id, variant));
    return data === undefined ? null : Buffer.from(data);
  }

  async remove(id: string): Promise<void> {
    for (const variant of VARIANTS) this.files.delete(this.key(id, variant));
  }

  async *listPhotoIds(): AsyncIterable<string> {
    yield* [...new Set([...this.files.keys()].map((key) => key.slice(0, key.indexOf('/'))))].sort();
  }

  async checkReachable(): Promise<void> {}
}
