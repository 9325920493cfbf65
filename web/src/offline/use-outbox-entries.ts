import { useCallback, useEffect, useRef, useState } from 'react';
import { loadOfflineRuntime } from './load-offline-runtime.ts';
import type { OutboxEntry, PhotoEntry } from './outbox.ts';
import { revisionOf } from './outbox-actions.ts';
import { OUTBOX_CHANNEL } from './storage-names.ts';

/**
 * The signed-in user's outbox entries, kept current: re-read whenever any tab, or the service worker, writes
 * to the outbox (announced on the 'tightlines-outbox' BroadcastChannel, which also reaches this tab).
 * `refresh()` re-reads at once, for a caller that just wrote and wants the screen to follow before it goes on.
 */
export function useOutboxEntries(userId: number | null): {
  entries: readonly OutboxEntry[];
  refresh: () => Promise<void>;
} {
  const [entries, setEntries] = useState<readonly OutboxEntry[]>([]);
  // Reads may finish out of order; only the latest one's answer is shown.
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const read = ++latest.current;
    const list =
      userId === null
        ? []
        : await loadOfflineRuntime()
            .then(({ outbox }) => outbox.list(userId))
            .catch(() => null);
    if (list && read === latest.current) setEntries(list);
  }, [userId]);

  useEffect(() => {
    void refresh();
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = () => void refresh();
    return () => {
      latest.current++;
      channel.close();
    };
  }, [refresh]);

  return { entries, refresh };
}

/**
 * Object URLs for the photos picked for pending catches and edits, by the entry's clientId: made once per photo,
 * revoked when the entry leaves the outbox or its photo is replaced, and when the component unmounts.
 */
export function usePendingPhotoUrls(entries: readonly PhotoEntry[]): ReadonlyMap<string, string> {
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(() => new Map());
  // The revision tells a replaced photo from the one already shown (every edit bumps it; a new URL is cheap).
  const live = useRef(new Map<string, { revision: number; url: string }>());

  useEffect(() => {
    const map = live.current;
    const keep = new Set<string>();
    let changed = false;
    for (const entry of entries) {
      if (!entry.photo) continue;
      keep.add(entry.clientId);
      const shown = map.get(entry.clientId);
      if (shown?.revision === revisionOf(entry)) continue;
      if (shown) URL.revokeObjectURL(shown.url);
      map.set(entry.clientId, { revision: revisionOf(entry), url: URL.createObjectURL(entry.photo) });
      changed = true;
    }
    for (const [clientId, shown] of map) {
      if (!keep.has(clientId)) {
        URL.revokeObjectURL(shown.url);
        map.delete(clientId);
        changed = true;
      }
    }
    if (changed) setUrls(new Map([...map].map(([clientId, shown]) => [clientId, shown.url])));
  }, [entries]);

  useEffect(() => {
    const map = live.current;
    return () => {
      for (const shown of map.values()) URL.revokeObjectURL(shown.url);
      map.clear();
    };
  }, []);

  return urls;
}
