import { lazy, Suspense, useState } from 'react';
import { useToast } from '@/hooks/use-toast';
import { loadWhenOnline } from '@/lib/load-when-online';

// Radix Toast (~5 KB gzip) loads with the first toast, not with the shell (decision 023); it then stays mounted.
// Offline before the service worker has precached it, the toast waits for the network instead of failing.
const Toaster = lazy(() =>
  loadWhenOnline(() => import('@/components/ui/toaster')).then((m) => ({ default: m.Toaster })),
);

/** Mounts the Toaster once there is something to show. */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
