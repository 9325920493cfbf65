import { CalendarSearch } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import type { Trip } from '#core/trips.ts';
import { Button } from '@/components/ui/button';
import { loadWhenOnline } from '@/lib/load-when-online';

// The list and its figuring (core/similar-days.ts) come when first asked for: the screens that show this button do
// not grow. Through loadWhenOnline, as History's dialogs: offline it comes from the service worker's precache.
const SimilarDaysDialog = lazy(() =>
  loadWhenOnline(() => import('./similar-days-dialog.tsx')).then((m) => ({ default: m.SimilarDaysDialog })),
);

/** 'Days like this' for a catch or an ended trip: opens the past trips whose conditions were closest. */
export function DaysLikeThisButton({ target }: { target: { catch: Catch } | { trip: Trip } }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <CalendarSearch aria-hidden="true" />
        Days like this
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <SimilarDaysDialog
            target={target}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
