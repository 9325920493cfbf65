import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bulkCatches,
  createTestDatabase,
  insertTestUsers,
  TEST_ENGINES,
  type TestDatabase,
} from '../test-support/test-app.ts';
import { CatchRepository } from './catch.repository.ts';
import { CatchListCache } from './catch-list-cache.ts';
import { CatchLists, LIST_PAGE_ROWS } from './catch-lists.ts';

/** Notes with quotes and a newline, so the JSON needs escaping; a weight on some. */
const catches = (count: number, notes: string) =>
  bulkCatches(count, (i) => ({ notes, weight: i % 7, locationName: 'Lake "Quoted"\n' }));

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe.each(TEST_ENGINES)('CatchLists on %s', (engine) => {
  let test: TestDatabase;
  let repository: CatchRepository;
  let smallUser: number;
  let bigUser: number;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    repository = new CatchRepository(test.database.db);
    [smallUser, bigUser] = (await insertTestUsers(test.database.db, ['small', 'big'])) as [number, number];
    await repository.createMany(smallUser, catches(120, 'a short note'));
    await repository.createMany(bigUser, catches(1000, 'x'.repeat(3000)));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('24 simultaneous requests for one list share one build and one Buffer', async () => {
    const expected = await repository.list(smallUser);
    const lists = new CatchLists(repository);
    const pages = vi.spyOn(repository, 'pages');
    const answers = await Promise.all(Array.from({ length: 24 }, () => lists.answer(smallUser, '')));
    expect(pages).toHaveBeenCalledTimes(1);
    const first = answers[0];
    expect(Buffer.isBuffer(first)).toBe(true);
    for (const answer of answers) expect(answer).toBe(first);
    expect(JSON.parse(String(first))).toEqual(expected);
    // Cached afterwards: no more building.
    await lists.answer(smallUser, '');
    expect(pages).toHaveBeenCalledTimes(1);
  });

  it('a list over the cache limit is streamed, the same JSON, never cached', async () => {
    // A 1 MB cache keeps lists up to 256 KB; the big user's ~3 MB list is streamed.
    const lists = new CatchLists(repository, new CatchListCache(1024 * 1024));
    const answer = await lists.answer(bigUser, '');
    expect(answer).toBeInstanceOf(Readable);
    const text = await readAll(answer as Readable);
    expect(JSON.parse(text)).toEqual(await repository.list(bigUser));
    expect(await lists.answer(bigUser, '')).toBeInstanceOf(Readable);
    // A search of a big history is streamed too, and finds the same as the list.
    const search = await lists.answer(bigUser, 'fish 99');
    expect(
      JSON.parse(await readAll(search as Readable)).map((c: { fishType: string }) => c.fishType),
    ).toEqual([
      'Fish 999',
      'Fish 998',
      'Fish 997',
      'Fish 996',
      'Fish 995',
      'Fish 994',
      'Fish 993',
      'Fish 992',
      'Fish 991',
      'Fish 990',
      'Fish 99',
    ]);
  });

  it('a streamed list reads the database only as fast as the client reads the answer', async () => {
    const lists = new CatchLists(repository, new CatchListCache(1024 * 1024));
    let rowsRead = 0;
    const original = CatchRepository.prototype.pages;
    vi.spyOn(repository, 'pages').mockImplementation(async function* (this: CatchRepository, ...args) {
      for await (const page of original.apply(repository, args)) {
        rowsRead += page.length;
        yield page;
      }
    });
    const stream = (await lists.answer(bigUser, '')) as Readable;
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    // The client has read the first page; at most the next one is waiting in the stream's buffer.
    expect(rowsRead).toBeGreaterThanOrEqual(LIST_PAGE_ROWS);
    expect(rowsRead).toBeLessThanOrEqual(2 * LIST_PAGE_ROWS);
    await iterator.return?.();
    expect(stream.destroyed).toBe(true);
    expect(rowsRead).toBeLessThan(1000);
  });
});
