import { deleteCatch } from '../../api/endpoints.ts';
import type { DeleteEntry } from '../outbox.ts';
import { backOff, markFailed, type Outcome, type SendContext } from './context.ts';
import { verdictOf } from './transport.ts';

/**
 * Carries out one queued delete (DESIGN §5): DELETE /api/catches/:id, or /api/catches/client/:clientId for a
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
  const verdict = verdictOf(answer);
  if (verdict === 'signed-out') return 'signed-out';
  if (verdict === 'transient') {
    await backOff(context, entry, answer.message);
    return 'waiting';
  }
  await markFailed(context, entry, answer.message);
  return 'failed';
}
