import { loadOfflineRuntime } from '../../offline/load-offline-runtime.ts';
import type { OutboxEntry } from '../../offline/outbox.ts';
import { formatCatchDate } from '../catches/catch-format.ts';

/** A catch saved on this phone that the server has not received yet, as the warnings name it. */
export interface UnsentCatch {
  clientId: string;
  /** 'Walleye, May 1, 2026' */
  label: string;
}

/** The catches of `entries` not yet sent (creates; a queued delete is no catch to lose), oldest first. */
export function unsentCatchesOf(entries: readonly OutboxEntry[]): UnsentCatch[] {
  return entries.flatMap((entry) =>
    entry.kind === 'create'
      ? [
          {
            clientId: entry.clientId,
            label: `${entry.payload.fishType.trim() || 'Catch'}, ${formatCatchDate(entry.payload.catchDate)}`,
          },
        ]
      : [],
  );
}

/** The account's unsent catches on this phone; none when the outbox cannot be read. */
export async function listUnsentCatches(userId: number): Promise<UnsentCatch[]> {
  try {
    const { outbox } = await loadOfflineRuntime();
    return unsentCatchesOf(await outbox.list(userId));
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
