import { deleteCatch } from '../../api/sync-endpoints.ts';
import type { DeleteEntry } from '../outbox.ts';
import { type Outcome, type SendContext, settleRefusal } from './context.ts';

/**
 * Carries out one queued delete (decision 004): DELETE /api/catches/:id, or /api/catches/client/:clientId for a
 * catch whose server id this device may never have learned; 204 or 404 (already gone) → entry removed.
 */
export async function sendDelete(context: SendContext, entry: DeleteEntry): Promise<Outcome> {
  const { outbox, call, emit } = context;
  const answer = await call((t) => deleteCatch(entry.target, t));
  // 404: already gone (deleted elsewhere, or its create never reached the server). Either way, done.
  if (answer.kind === 'ok' || (answer.kind === 'refused' && answer.error.status === 404)) {
    await outbox.remove(entry.clientId);
    emit({ type: 'deleted', entry });
    return 'synced';
  }
  return settleRefusal(context, entry, answer);
}
