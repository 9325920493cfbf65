import { WifiOff } from '@/components/shell-icons';
import { useOnlineStatus } from '@/hooks/use-online-status';

/**
 * 'You're offline', fixed at the bottom of the screen (above a phone's bottom tabs) while the browser reports no
 * network (docs/product.md#shell).
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  // The live region stays mounted so screen readers announce the change when the banner appears.
  return (
    <div role="status">
      {online ? null : (
        <div
          data-testid="offline-banner"
          data-toast-avoid
          className="fixed inset-x-0 bottom-[var(--bottom-tabs-height)] z-40 flex items-center justify-center gap-2 bg-amber-800 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-sm font-medium text-white shadow-lg"
        >
          <WifiOff aria-hidden="true" className="size-4" />
          <span>You're offline</span>
        </div>
      )}
    </div>
  );
}
