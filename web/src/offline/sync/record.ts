import { listRecords } from '../../api/endpoints.ts';
import type { RecordShapes } from '../../api/record-types.ts';
import { createRecord, deleteRecord, updateRecord } from '../../api/sync-endpoints.ts';
import type { RecordEntry, RecordTarget } from '../outbox.ts';
import { type Outcome, removeSent, type SendContext, settleRefusal } from './context.ts';
import type { Answer } from './transport.ts';

/**
 * Sends one trip or spot entry (docs/decisions/043-trips-and-spots.md; queued by record-actions.ts):
 *   create: POST /api/trips or /api/spots with the record's clientId (a repeat answers 200 with the first record);
 *   update: PATCH …/:id (setting fields is idempotent); delete: DELETE …/:id (404: already gone, done).
 * An update or delete known only by its record's clientId (queued before this device learned the server id) is sent
 * to the id the server's list gives that clientId; its create was sent before it (oldest first). A record not in
 * the list is gone (deleted elsewhere, or refused): the edit is dropped, the delete done.
 */

type Saved = RecordShapes[keyof RecordShapes]['saved'];

/** The server id of the target: as queued, or looked up by clientId; null when the server has no such record. */
async function resolve(
  context: SendContext,
  entry: RecordEntry,
  target: RecordTarget,
): Promise<Answer<number | null>> {
  if (target.id !== undefined) return { kind: 'ok', value: target.id };
  const listed = await context.call((t) => listRecords(entry.record, t));
  if (listed.kind !== 'ok') return listed;
  const found = (listed.value as Saved[]).find((item) => item.clientId === target.clientId);
  return { kind: 'ok', value: found?.id ?? null };
}

const isNotFound = (answer: Answer<unknown>) => answer.kind === 'refused' && answer.error.status === 404;

async function done(context: SendContext, entry: RecordEntry, saved: Saved | null): Promise<Outcome> {
  const removed = await removeSent(context, entry);
  if (removed !== 'removed') return removed;
  context.emit({ type: 'record-synced', entry, saved });
  return 'synced';
}

async function dropped(context: SendContext, entry: RecordEntry): Promise<Outcome> {
  await context.outbox.remove(entry.clientId);
  context.emit({ type: 'record-dropped', entry });
  return 'dropped';
}

export async function sendRecord(context: SendContext, entry: RecordEntry): Promise<Outcome> {
  const { call } = context;
  if (entry.kind === 'record-create') {
    const answer = await call((t) => createRecord(entry.record, entry.payload as never, t));
    return answer.kind === 'ok' ? done(context, entry, answer.value) : settleRefusal(context, entry, answer);
  }
  const id = await resolve(context, entry, entry.target);
  if (id.kind !== 'ok') return settleRefusal(context, entry, id);
  if (entry.kind === 'record-delete') {
    if (id.value === null) return done(context, entry, null);
    const answer = await call((t) => deleteRecord(entry.record, id.value as number, t));
    if (answer.kind === 'ok' || isNotFound(answer)) return done(context, entry, null);
    return settleRefusal(context, entry, answer);
  }
  if (id.value === null) return dropped(context, entry);
  const answer = await call((t) => updateRecord(entry.record, id.value as number, entry.changes as never, t));
  if (answer.kind === 'ok') return done(context, entry, answer.value);
  if (isNotFound(answer)) return dropped(context, entry);
  return settleRefusal(context, entry, answer);
}
