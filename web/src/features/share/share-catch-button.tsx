import { Share2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import { ErrorBoundary } from '@/components/error-boundary';
import { Button } from '@/components/ui/button';

// The card's drawing and the dialog are a chunk of their own, fetched at the first tap (decision 023).
const ShareCatchDialog = lazy(() =>
  import('./share-catch-dialog.tsx').then((m) => ({ default: m.ShareCatchDialog })),
);

/** 'Share' in a catch's details: opens the share dialog (docs/decisions/047-share-card.md); focus comes back here. */
export function ShareCatchButton({ item }: { item: Catch }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={opener} variant="outline" onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        Share
      </Button>
      {open ? (
        <ErrorBoundary what="sharing">
          <Suspense fallback={null}>
            <ShareCatchDialog
              item={item}
              onClose={() => setOpen(false)}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                opener.current?.focus();
              }}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </>
  );
}
