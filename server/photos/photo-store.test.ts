import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPhotoId } from '#core/photo-url.ts';
import {
  createTestPhotoStore,
  NO_S3_SERVER,
  TEST_S3,
  type TestPhotoStore,
} from '../test-support/test-photo-stores.ts';
import {
  DiskPhotoStore,
  distinctPhotoIds,
  MemoryPhotoStore,
  type PhotoStore,
  photoIdOfObjectName,
} from './photo-store.ts';

const BAD_IDS = [
  '../../etc/passwd',
  '..',
  '',
  'abc',
  '/tmp/x',
  '00000000-0000-0000-0000-000000000000/../../x',
  '00000000-0000-0000-0000-00000000000\0',
  '3F2504E0-4F89-11D3-9A0C-0305E82C3301', // upper case: would alias a lower-case id on some file systems
  ' 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  '3f2504e0-4f89-11d3-9a0c-0305e82c3301.webp',
  '..\\..\\windows\\win.ini',
];

function contractTests(name: string, makeStore: () => Promise<PhotoStore>) {
  describe(`${name}: the PhotoStore contract`, () => {
    let store: PhotoStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    it('saves and reads back both variants separately', async () => {
      const id = randomUUID();
      await store.save(id, 'full', Buffer.from('full bytes'));
      await store.save(id, 'thumb', Buffer.from('thumb bytes'));
      expect((await store.read(id, 'full'))?.toString()).toBe('full bytes');
      expect((await store.read(id, 'thumb'))?.toString()).toBe('thumb bytes');
    });

    it('replaces a variant saved again', async () => {
      const id = randomUUID();
      await store.save(id, 'full', Buffer.from('first'));
      await store.save(id, 'full', Buffer.from('second'));
      expect((await store.read(id, 'full'))?.toString()).toBe('second');
    });

    it('returns null for a photo or variant that is not there', async () => {
      const id = randomUUID();
      expect(await store.read(id, 'full')).toBeNull();
      await store.save(id, 'full', Buffer.from('x'));
      expect(await store.read(id, 'thumb')).toBeNull();
    });

    it('removes both variants, and removing twice is fine', async () => {
      const id = randomUUID();
      const other = randomUUID();
      await store.save(id, 'full', Buffer.from('a'));
      await store.save(id, 'thumb', Buffer.from('b'));
      await store.save(other, 'full', Buffer.from('c'));
      await store.remove(id);
      await store.remove(id);
      expect(await store.read(id, 'full')).toBeNull();
      expect(await store.read(id, 'thumb')).toBeNull();
      expect((await store.read(other, 'full'))?.toString()).toBe('c');
    });

    it('refuses ids that are not lower-case UUIDs (path traversal) in every method', async () => {
      for (const id of BAD_IDS) {
        await expect(store.save(id, 'full', Buffer.from('x')), id).rejects.toThrow(/Invalid photo id/);
        await expect(store.read(id, 'full'), id).rejects.toThrow(/Invalid photo id/);
        await expect(store.remove(id), id).rejects.toThrow(/Invalid photo id/);
      }
    });

    it('refuses unknown variants even when the types are bypassed', async () => {
      const variant = '../x' as 'full';
      await expect(store.save(randomUUID(), variant, Buffer.from('x'))).rejects.toThrow(
        /Invalid photo variant/,
      );
    });

    it('removes one photo from several places at once: every remove succeeds', async () => {
      const id = randomUUID();
      await store.save(id, 'full', Buffer.from('a'));
      await store.save(id, 'thumb', Buffer.from('b'));
      const removals = await Promise.allSettled([store.remove(id), store.remove(id), store.remove(id)]);
      expect(removals.map((removal) => removal.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await store.read(id, 'full')).toBeNull();
      expect(await store.read(id, 'thumb')).toBeNull();
    });

    it('is reachable', async () => {
      await expect(store.checkReachable()).resolves.toBeUndefined();
    });

    it('lists every photo it holds once, in id order (one with a single variant too), and none removed', async () => {
      const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      for (const id of ids) await store.save(id, 'full', Buffer.from('full'));
      for (const id of ids.slice(1)) await store.save(id, 'thumb', Buffer.from('thumb'));
      await store.remove(ids[3] ?? '');
      const listed: string[] = [];
      for await (const id of store.listPhotoIds()) listed.push(id);
      expect(listed).toEqual(ids.slice(0, 3).sort());
    });

    it('does not share buffers with callers', async () => {
      const id = randomUUID();
      const data = Buffer.from('original');
      await store.save(id, 'full', data);
      data.write('changed!');
      const read = await store.read(id, 'full');
      expect(read?.toString()).toBe('original');
      read?.write('mutated!');
      expect((await store.read(id, 'full'))?.toString()).toBe('original');
    });
  });
}

describe('photoIdOfObjectName and distinctPhotoIds', () => {
  const id = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
  const later = '3f2504e0-4f89-11d3-9a0c-0305e82c3302';
  it('know our object names and the temporary files of a save, and nothing else', () => {
    expect(photoIdOfObjectName(`3f/${id}.webp`)).toBe(id);
    expect(photoIdOfObjectName(`3f/${id}.thumb.webp`)).toBe(id);
    expect(photoIdOfObjectName(`3f/${id}.webp.${randomUUID()}.tmp`)).toBe(id);
    for (const name of [`4a/${id}.webp`, `${id}.webp`, `3f/${id}`, `3f/${id}x.webp`, '3f/readme.txt', '']) {
      expect(photoIdOfObjectName(name), name).toBeNull();
    }
  });
  it('give each id once, after the one a previous page ended with', () => {
    const names = [
      `3f/${id}.thumb.webp`,
      `3f/${id}.webp`,
      '3f/stray',
      `3f/${later}.thumb.webp`,
      `3f/${later}.webp`,
    ];
    expect([...distinctPhotoIds(names)]).toEqual([id, later]);
    expect([...distinctPhotoIds(names, id)]).toEqual([later]);
  });
});

describe('isPhotoId', () => {
  it('accepts crypto.randomUUID() ids and nothing else', () => {
    expect(isPhotoId(randomUUID())).toBe(true);
    for (const id of BAD_IDS) expect(isPhotoId(id), id).toBe(false);
    expect(isPhotoId(42)).toBe(false);
  });
});

contractTests('MemoryPhotoStore', async () => new MemoryPhotoStore());

describe.skipIf(!TEST_S3)(
  `S3PhotoStore on a real S3 server${TEST_S3 ? '' : ` (skipped: ${NO_S3_SERVER})`}`,
  () => {
    const made: TestPhotoStore[] = [];
    afterEach(async () => {
      await Promise.all(made.splice(0).map((store) => store.destroy()));
    });
    // Each test gets a bucket of its own (radosgw makes one in milliseconds).
    contractTests('S3PhotoStore', async () => {
      const fresh = await createTestPhotoStore('s3');
      made.push(fresh);
      return fresh.store;
    });
  },
);

describe('MemoryPhotoStore.size', () => {
  it('counts photos, not variants, and follows removals', async () => {
    const store = new MemoryPhotoStore();
    expect(store.size()).toBe(0);
    const [a, b] = [randomUUID(), randomUUID()];
    await store.save(a, 'full', Buffer.from('1'));
    await store.save(a, 'thumb', Buffer.from('2'));
    await store.save(b, 'thumb', Buffer.from('3'));
    expect(store.size()).toBe(2);
    await store.remove(a);
    expect(store.size()).toBe(1);
  });
});

describe('DiskPhotoStore', () => {
  let dir: string;
  const temporaryDirs: string[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tightlines-photos-'));
    temporaryDirs.push(dir);
  });
  afterEach(async () => {
    await Promise.all(temporaryDirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  contractTests('DiskPhotoStore', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'tightlines-photos-'));
    temporaryDirs.push(own);
    return new DiskPhotoStore(own);
  });

  it('lays files out as <dir>/<first two characters>/<id>.webp and <id>.thumb.webp', async () => {
    const store = new DiskPhotoStore(dir);
    const id = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    await store.save(id, 'full', Buffer.from('F'));
    await store.save(id, 'thumb', Buffer.from('T'));
    expect(await readdir(dir)).toEqual(['3f']);
    expect((await readdir(path.join(dir, '3f'))).sort()).toEqual([`${id}.thumb.webp`, `${id}.webp`]);
    expect(await readFile(path.join(dir, '3f', `${id}.webp`), 'utf8')).toBe('F');
    expect(await readFile(path.join(dir, '3f', `${id}.thumb.webp`), 'utf8')).toBe('T');
    expect(store.pathOf(id, 'thumb')).toBe(path.join(dir, '3f', `${id}.thumb.webp`));
  });

  it('creates the directory itself and leaves no temporary files behind', async () => {
    const nested = path.join(dir, 'not', 'yet', 'there');
    const store = new DiskPhotoStore(nested);
    const ids = Array.from({ length: 20 }, () => randomUUID());
    // Concurrent saves of the same variant must not collide on a temporary name.
    await Promise.all(
      ids.flatMap((id) => [1, 2, 3].map((n) => store.save(id, 'full', Buffer.alloc(1000, n)))),
    );
    for (const id of ids) expect((await store.read(id, 'full'))?.length).toBe(1000);
    const files = (await readdir(nested, { recursive: true })).map(String);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.webp'))).toHaveLength(20);
  });

  it('is not reachable when its folder cannot be made', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, 'not a folder');
    await expect(new DiskPhotoStore(path.join(blocker, 'photos')).checkReachable()).rejects.toMatchObject({
      code: 'ENOTDIR',
    });
  });

  it('writes nothing outside its directory for a traversal id', async () => {
    const store = new DiskPhotoStore(path.join(dir, 'photos'));
    await expect(store.save('../../escaped', 'full', Buffer.from('x'))).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });

  it('cleans up its temporary file when the write fails', async () => {
    const store = new DiskPhotoStore(dir);
    const id = randomUUID();
    // A directory where the file should go makes the rename fail.
    await store.save(id, 'thumb', Buffer.from('keep me'));
    const target = store.pathOf(id, 'full');
    await mkdir(target);
    await expect(store.save(id, 'full', Buffer.from('x'))).rejects.toThrow();
    expect((await stat(target)).isDirectory()).toBe(true);
    const leftovers = (await readdir(path.dirname(target))).filter((f) => f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });
});
