import type { Catch } from '#core/catch.ts';
import { queryClient, queryKeys } from '../../lib/query-client.ts';
import { loadOfflineRuntime } from '../../offline/load-offline-runtime.ts';
import type { OutboxEntry } from '../../offline/outbox.ts';
import { isTargetOf } from '../../offline/outbox-actions.ts';
import { formatCatchDate } from '../catches/catch-format.ts';

/** A catch saved on this phone that the server has not received yet, as the warnings name it. */
export interface UnsentCatch {
  clientId: string;
  /** 'Walleye, May 1, 2026' */
  label: string;
}

const catchLabel = (item: Pick<Catch, 'fishType' | 'catchDate'>) =>
  `${item.fishType.trim() || 'Catch'}, ${formatCatchDate(item.catchDate)}`;

/**
 * The catches and edits of `entries` not yet sent (a queued delete is no catch to lose), oldest first. An edit is
 * named by its catch as `saved` (the last list) has it, with the edit applied.
 */
export function unsentCatchesOf(
  entries: readonly OutboxEntry[],
  saved: readonly Catch[] = [],
): UnsentCatch[] {
  return entries.flatMap((entry) => {
    if (entry.kind === 'create') return [{ clientId: entry.clientId, label: catchLabel(entry.payload) }];
    if (entry.kind === 'delete') return [];
    // Trips and spots are not catches: a warning about catches that could be lost names only those.
    if (entry.kind !== 'update') return [];
    const item = saved.find((candidate) => isTargetOf(entry.target, candidate));
    const label = item ? catchLabel({ ...item, ...entry.changes }) : 'a saved catch';
    return [{ clientId: entry.clientId, label: `Changes to ${label}` }];
  });
}

/** The account's unsent catches on this phone; none when the outbox cannot be read. */
export async function listUnsentCatches(userId: number): Promise<UnsentCatch[]> {
  try {
    const { outbox } = await loadOfflineRuntime();
    const saved = queryClient.getQueryData<Catch[]>(queryKeys.catches) ?? [];
    return unsentCatchesOf(await outbox.list(userId), saved);
  } catch {
    return [];
  }
}

/** Drops every outbox entry of a deleted account: there is nobody left to send them for. */
export async function discardOutboxOf(userId: number): Promise<void> {
  try {
    const { outbox } = await loadOfflineRuntime();
    for (const entry of await outbox.list(userId)) await outbox.remove(entry.clientId);
  } catch {
    // No outbox on this device: nothing to drop.
  }
}
