// A rollback, with the real server processes: the previous release starts and serves on a database the current
// release has migrated, and the current one takes it back afterwards (docs/decisions/030-migrations-policy.md).
import { execFileSync, execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations.ts';
import { startOnFreePort } from '../test-support/child-processes.ts';
import { gradientJpeg } from '../test-support/hostile-inputs.ts';
import { HttpAngler } from '../test-support/http-angler.ts';
import {
  REPO_ROOT,
  type ServerProcess,
  serverEnv,
  spawnServer,
  waitUntilServing,
} from '../test-support/server-process.ts';
import { createTestPostgresDatabase, TEST_ENGINES } from '../test-support/test-app.ts';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

function insideGitHistory(): boolean {
  try {
    return git('rev-parse', '--is-shallow-repository') === 'false';
  } catch {
    return false;
  }
}

/**
 * The previous release, for this test: the code as it was just before the newest migration was added (the commit
 * before the one that added its file), so the newest migration is one it does not know. Uncommitted, that is HEAD.
 */
function previousRelease(): { commit: string; why: string } {
  const newest = `server/db/migrations/${Object.keys(migrations('sqlite')).at(-1)}.ts`;
  const added = git('log', '--diff-filter=A', '--format=%H', '-1', '--', newest);
  if (!added) return { commit: git('rev-parse', 'HEAD'), why: `HEAD (${newest} is not committed yet)` };
  return { commit: git('rev-parse', `${added}^`), why: `the parent of the commit that added ${newest}` };
}

const HISTORY = insideGitHistory();
if (!HISTORY)
  console.warn('previous-release test skipped: it needs the repository with its history (a full clone)');

describe.skipIf(!HISTORY).each(TEST_ENGINES)('rolling back to the previous release on %s', (engine) => {
  let previousTree: string;
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | undefined;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    const { commit, why } = previousRelease();
    console.log(`previous release: ${commit.slice(0, 10)}, ${why}`);
    previousTree = await mkdtemp(path.join(tmpdir(), 'tightlines-previous-release-'));
    execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(previousTree)}`, { cwd: REPO_ROOT });
    // Its own package.json and code, this checkout's installed packages.
    await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(previousTree, 'node_modules'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'tightlines-rollback-data-'));
    if (engine === 'postgres') database = await createTestPostgresDatabase('tl_rollback');
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop()));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(previousTree, { recursive: true, force: true });
  });

  /** Starts a release's server (the current one, or the previous from its own tree) on the shared data. */
  async function start(release: 'current' | 'previous'): Promise<string> {
    return startOnFreePort(async (port) => {
      const env = serverEnv(port, dataDir, database ? { DATABASE_URL: database.url } : {});
      const server = spawnServer(env, release === 'previous' ? { cwd: previousTree } : {});
      running.push(server);
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitUntilServing(server, baseUrl, 90_000);
      return baseUrl;
    });
  }

  async function stopAll(): Promise<void> {
    await Promise.all(running.splice(0).map((server) => server.stop()));
  }

  it('the previous release starts and serves on the schema the current one migrated, and back again', async () => {
    const [firstImage, secondImage] = await Promise.all([gradientJpeg(96, 64), gradientJpeg(64, 96)]);

    // The current release migrates the database and writes to it.
    let server = await start('current');
    const anna = await HttpAngler.register(server, 'anna_upgraded');
    const photo = await anna.upload(firstImage);
    const first = await anna.createCatch({ fishType: 'Pike', photo, clientId: randomUUID() });
    const firstPhotoBytes = await anna.photoBytes(photo);
    expect(firstPhotoBytes).toBeInstanceOf(Buffer);
    await stopAll();

    // Rolled back: the previous release starts on that schema (it used to refuse) and serves.
    server = await start('previous');
    const annaOnPrevious = await HttpAngler.login(server, 'anna_upgraded');
    expect((await annaOnPrevious.listCatches()).map((c) => [c.id, c.fishType])).toEqual([[first.id, 'Pike']]);
    expect(await annaOnPrevious.photoBytes(photo)).toEqual(firstPhotoBytes);
    const edited = await annaOnPrevious.expectJson<{ notes: string }>(
      'PATCH',
      `/api/catches/${first.id}`,
      { notes: 'edited by the previous release' },
      200,
    );
    expect(edited.notes).toBe('edited by the previous release');
    const secondPhoto = await annaOnPrevious.upload(secondImage);
    const second = await annaOnPrevious.createCatch({
      fishType: 'Perch',
      photo: secondPhoto,
      clientId: randomUUID(),
    });
    const ben = await HttpAngler.register(server, 'ben_rolled_back');
    await ben.createCatch({ fishType: 'Trout', clientId: randomUUID() });
    await stopAll();

    // Rolled forward again: the current release finds everything the previous one wrote.
    server = await start('current');
    const annaAgain = await HttpAngler.login(server, 'anna_upgraded');
    const listed = await annaAgain.listCatches();
    expect(listed.map((c) => [c.id, c.fishType, c.notes ?? null]).sort()).toEqual(
      [
        [first.id, 'Pike', 'edited by the previous release'],
        [second.id, 'Perch', null],
      ].sort(),
    );
    expect(await annaAgain.photoBytes(secondPhoto)).toBeInstanceOf(Buffer);
    const benAgain = await HttpAngler.login(server, 'ben_rolled_back');
    expect((await benAgain.listCatches()).map((c) => c.fishType)).toEqual(['Trout']);
  }, 300_000);
});
