import { Readable } from 'node:stream';
import type { Catch } from '#core/catch.ts';
import type { CatchRepository } from './catch.repository.ts';
import { CatchListCache } from './catch-list-cache.ts';

/** Rows read and serialised at a time: at most ~560 KB of JSON with the longest notes, a few milliseconds' work. */
export const LIST_PAGE_ROWS = 100;

/** A generous estimate of one catch's JSON beyond its free text (field names, numbers, dates, ids). */
const JSON_BYTES_PER_CATCH = 400;

/** Resolves after the event loop has handled the I/O that is waiting (setImmediate runs after the poll phase). */
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs one task at a time, in arrival order, each in a turn of the event loop of its own. The pages of big lists
 * take turns through one of these: however many are being streamed, only one page is read and serialised at a
 * time, and other anglers' requests (which do not queue here) are handled between any two pages. Without the
 * pause, node:sqlite's synchronous reads would let a queue of pages run back to back in one stretch.
 */
class Turns {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(afterPendingIo).then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * The JSON array of a user's catches, newest first, one Buffer per page of rows. With `turns`, each page is read
 * and serialised in its turn.
 */
async function* listJsonChunks(
  catches: CatchRepository,
  userId: number,
  search: string,
  turns?: Turns,
): AsyncGenerator<Buffer> {
  const pages = catches.pages(userId, search || undefined, LIST_PAGE_ROWS);
  const nextChunk = async (first: boolean): Promise<Buffer | null> => {
    const page = await pages.next();
    if (page.done) return null;
    const items = JSON.stringify(page.value).slice(1, -1);
    return Buffer.from(first ? items : `,${items}`);
  };
  try {
    yield Buffer.from('[');
    for (let first = true; ; first = false) {
      const chunk = await (turns ? turns.run(() => nextChunk(first)) : nextChunk(first));
      if (!chunk) break;
      yield chunk;
    }
    yield Buffer.from(']');
  } finally {
    // A client that went away stops the reading too.
    await pages.return(undefined);
  }
}

/**
 * GET /api/catches answers: the whole list as one JSON array, however many catches, built so that the memory one
 * request (or a burst of them) can take is bounded (docs/decisions/012-account-limits-and-big-lists.md):
 * - a list small enough to cache is built once per (user, version, search), even when many requests ask for it at
 *   the same moment (they share the build), and answered as one shared Buffer;
 * - a bigger one is streamed page by page, with backpressure: a request holds about one page, never the list, and
 *   the pages of all big lists take turns (one at a time), so a burst of them cannot crowd out other anglers.
 * Either way the database is read a page at a time, so other anglers' requests run between pages.
 */
export class CatchLists {
  private readonly catches: CatchRepository;
  private readonly cache: CatchListCache;
  private readonly building = new Map<string, Promise<Buffer>>();
  private readonly bigListTurns = new Turns();

  constructor(catches: CatchRepository, cache = new CatchListCache()) {
    this.catches = catches;
    this.cache = cache;
  }

  async answer(userId: number, search: string): Promise<Buffer | Readable> {
    const state = await this.catches.listState(userId);
    const cached = this.cache.get(userId, state.version, search);
    if (cached) return cached;
    // Sized from the account's counters, read with the version: a search of a big history is streamed too.
    const estimatedBytes = state.textBytes + state.count * JSON_BYTES_PER_CATCH;
    if (estimatedBytes > this.cache.maxEntryBytes) {
      return Readable.from(listJsonChunks(this.catches, userId, search, this.bigListTurns), {
        objectMode: false,
      });
    }
    const key = `${userId}:${state.version}:${search}`;
    let build = this.building.get(key);
    if (!build) {
      build = this.build(userId, state.version, search).finally(() => this.building.delete(key));
      this.building.set(key, build);
    }
    return build;
  }

  /**
   * The newest `limit` catches (with `search`, of those that match), in the whole list's order: what History
   * shows while the whole list is on its way (docs/decisions/023-lean-front-end.md). One short query, never cached.
   */
  async newest(userId: number, search: string, limit: number): Promise<Catch[]> {
    const pages = this.catches.pages(userId, search || undefined, limit);
    try {
      return (await pages.next()).value ?? [];
    } finally {
      await pages.return(undefined);
    }
  }

  private async build(userId: number, version: number, search: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of listJsonChunks(this.catches, userId, search)) chunks.push(chunk);
    const json = Buffer.concat(chunks);
    this.cache.set(userId, version, search, json);
    return json;
  }
}
