import { useCallback, useEffect, useRef, useState } from 'react';
import { loadOfflineRuntime } from './load-offline-runtime.ts';
import type { CreateEntry, OutboxEntry } from './outbox.ts';
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
 * Object URLs for the photos of pending catches, by clientId: made once per entry, revoked when the entry
 * leaves the outbox and when the component unmounts.
 */
export function usePendingPhotoUrls(creates: readonly CreateEntry[]): ReadonlyMap<string, string> {
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(() => new Map());
  const live = useRef(new Map<string, string>());

  useEffect(() => {
    const map = live.current;
    const keep = new Set<string>();
    let changed = false;
    for (const entry of creates) {
      if (!entry.photo) continue;
      keep.add(entry.clientId);
      if (!map.has(entry.clientId)) {
        map.set(entry.clientId, URL.createObjectURL(entry.photo));
        changed = true;
      }
    }
    for (const [clientId, url] of map) {
      if (!keep.has(clientId)) {
        URL.revokeObjectURL(url);
        map.delete(clientId);
        changed = true;
      }
    }
    if (changed) setUrls(new Map(map));
  }, [creates]);

  useEffect(() => {
    const map = live.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);

  return urls;
}
