import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testCatch } from '#core/test-catch.ts';
import { type CreateEntry, createOutbox, type UpdateEntry } from './outbox.ts';
import { deleteCatchOffline, editCatchOffline, newCreateEntry } from './outbox-actions.ts';

/**
 * Edits go into the outbox like creates and deletes (decision 021): merged into a catch still waiting to be created,
 * merged into the edit already waiting for a saved catch, the last edit of a field winning. The sending side is
 * tested against the real server in sync/update.test.ts and sync/create.test.ts.
 */

const USER = 7;
const newOutbox = () => createOutbox({ dbName: `outbox-actions-${randomUUID()}`, notify: () => {} });

function waitingCreate(fields: Partial<CreateEntry> = {}): CreateEntry {
  const clientId = randomUUID();
  const entry = newCreateEntry(
    USER,
    {
      ...testCatch({ fishType: 'Perch', weight: 1, notes: 'Cold' }),
      clientId,
      createdAt: '2026-05-01T06:00:00.000Z',
    },
    new Blob(['first photo']),
  );
  return { ...entry, ...fields };
}

describe('editCatchOffline', () => {
  it('merges an edit of a catch still waiting to be created into that create: one POST, the final values', async () => {
    const outbox = newOutbox();
    const create = waitingCreate();
    await outbox.add(create);
    const shown = { id: -5, clientId: create.clientId };

    await editCatchOffline(outbox, USER, shown, { changes: { weight: 2, notes: null } });
    await editCatchOffline(outbox, USER, shown, { changes: { weight: 3 } });

    const entries = await outbox.list();
    expect(entries).toHaveLength(1);
    const merged = entries[0] as CreateEntry;
    expect(merged.payload).toMatchObject({ fishType: 'Perch', weight: 3, notes: null });
    expect(merged.revision).toBe(2);
    expect(merged.photo).toEqual(create.photo);
  });

  it('replaces or removes the photo of a waiting create, forgetting an upload of the old one', async () => {
    const outbox = newOutbox();
    const create = waitingCreate({ uploadedPhotoUrl: '/api/photos/old.webp', attempts: 1 });
    await outbox.add(create);
    const shown = { id: -5, clientId: create.clientId };

    const replacement = new Blob(['second photo']);
    await editCatchOffline(outbox, USER, shown, { changes: {}, photo: replacement });
    let stored = (await outbox.get(create.clientId)) as CreateEntry;
    expect(await (stored.photo as Blob).text()).toBe('second photo');
    expect(stored.uploadedPhotoUrl).toBeNull();
    expect(stored.attempts).toBe(1); // it may have reached the server: the engine compares and catches up

    await editCatchOffline(outbox, USER, shown, { changes: {}, photo: 'remove' });
    stored = (await outbox.get(create.clientId)) as CreateEntry;
    expect(stored.photo).toBeNull();
    expect(stored.uploadedPhotoUrl).toBeNull();
  });

  it('makes a refused create pending again once the angler fixed it', async () => {
    const outbox = newOutbox();
    const refused = waitingCreate({
      state: 'failed',
      lastError: 'Weight must be at most 5000',
      fieldErrors: { weight: 'Weight must be at most 5000' },
      nextAttemptAt: 99,
    });
    await outbox.add(refused);
    await editCatchOffline(outbox, USER, { id: -1, clientId: refused.clientId }, { changes: { weight: 12 } });
    expect(await outbox.get(refused.clientId)).toMatchObject({
      state: 'pending',
      lastError: null,
      fieldErrors: undefined,
      nextAttemptAt: 0,
      payload: expect.objectContaining({ weight: 12 }),
    });
  });

  it('queues an edit of a saved catch by its id, and merges the next edit into it (the last edit of a field wins)', async () => {
    const outbox = newOutbox();
    const saved = testCatch({ id: 41, clientId: randomUUID() });

    await editCatchOffline(outbox, USER, saved, { changes: { fishType: 'Sauger', notes: 'Jig' } }, 1000);
    await editCatchOffline(
      outbox,
      USER,
      saved,
      { changes: { notes: 'Minnow' }, photo: new Blob(['p']) },
      2000,
    );

    const entries = await outbox.list();
    expect(entries).toHaveLength(1);
    const edit = entries[0] as UpdateEntry;
    expect(edit).toMatchObject({
      kind: 'update',
      userId: USER,
      target: { id: 41 },
      changes: { fishType: 'Sauger', notes: 'Minnow' },
      createdAt: 1000,
      revision: 1,
    });
    expect(await (edit.photo as Blob).text()).toBe('p');

    // Removing the photo after picking one: the picked one is forgotten, the saved one goes.
    await editCatchOffline(outbox, USER, saved, { changes: {}, photo: 'remove' });
    expect(await outbox.get(edit.clientId)).toMatchObject({ photo: null, changes: { photo: null } });
    // Picking one again takes back the removal.
    await editCatchOffline(outbox, USER, saved, { changes: {}, photo: new Blob(['q']) });
    const last = (await outbox.get(edit.clientId)) as UpdateEntry;
    expect('photo' in last.changes).toBe(false);
    expect(await (last.photo as Blob).text()).toBe('q');
  });

  it('reaches a catch shown as pending whose create was sent meanwhile by its clientId', async () => {
    const outbox = newOutbox();
    const clientId = randomUUID();
    await editCatchOffline(outbox, USER, { id: -9, clientId }, { changes: { depth: 12 } });
    expect(await outbox.list()).toMatchObject([
      { kind: 'update', target: { clientId }, changes: { depth: 12 } },
    ]);
  });

  it("never merges into another user's entries", async () => {
    const outbox = newOutbox();
    const theirs = { ...waitingCreate(), userId: USER + 1 };
    await outbox.add(theirs);
    await editCatchOffline(outbox, USER, { id: -2, clientId: theirs.clientId }, { changes: { weight: 9 } });
    expect((await outbox.get(theirs.clientId)) as CreateEntry).toMatchObject({ payload: { weight: 1 } });
    expect(await outbox.list(USER)).toMatchObject([{ kind: 'update', userId: USER }]);
  });
});

describe('deleteCatchOffline with an edit waiting', () => {
  it('drops the edit: the catch goes anyway, and no PATCH is sent for it', async () => {
    const outbox = newOutbox();
    const saved = testCatch({ id: 41, clientId: randomUUID() });
    await editCatchOffline(outbox, USER, saved, { changes: { notes: 'x' } });
    await deleteCatchOffline(outbox, USER, saved, null);
    expect(await outbox.list()).toMatchObject([{ kind: 'delete', target: { id: 41 } }]);
  });
});
