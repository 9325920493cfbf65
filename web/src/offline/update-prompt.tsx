import { useRegisterSW } from 'virtual:pwa-register/react';
import { RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/** How often a long-open app asks whether a new version was deployed (browsers also check on navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (sw.ts) and offers a new version when one is waiting: 'A new version of
 * Tightlines is available' with Reload and Later. Never reloads on its own, so a half-filled catch is never
 * swapped away: the new worker only takes over when the angler taps Reload here (or every Tightlines tab is
 * closed). A tab that did not ask for the update (another tab's Reload activated it) only shows the offer.
 */
export function UpdatePrompt() {
  const [visible, setVisible] = useState(false);
  const accepted = useRef(false);
  const { updateServiceWorker } = useRegisterSW({
    immediate: true,
    onNeedRefresh: () => setVisible(true),
    onNeedReload: () => {
      if (accepted.current) window.location.reload();
      else setVisible(true);
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
  });

  if (!visible) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-[calc(3.5rem+var(--bottom-tabs-height))] z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-border bg-card p-3 text-sm text-card-foreground shadow-lg"
    >
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <p className="flex-1 font-medium">A new version of Tightlines is available</p>
      <Button
        size="sm"
        onClick={() => {
          accepted.current = true;
          void updateServiceWorker(true);
        }}
      >
        Reload
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setVisible(false)}>
        Later
      </Button>
    </div>
  );
}
