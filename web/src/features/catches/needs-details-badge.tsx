import { ClipboardPen, X } from 'lucide-react';
import type { Catch } from '#core/catch.ts';
import { dismissDetails, useNeedsDetails } from './details-dismissed.ts';

/**
 * 'Needs details' on a History card: a catch with neither weight nor length (core/needs-details.ts), until it gets
 * one (Edit Catch) or the angler dismisses it here (docs/decisions/046-quick-capture.md).
 */
export function NeedsDetailsBadge({ item }: { item: Catch }) {
  const needs = useNeedsDetails();
  if (!needs(item)) return null;
  return (
    // Above the card's stretched open button, so the dismiss button takes its own taps.
    <span className="relative z-10 flex w-fit items-center gap-1 self-start">
      <span
        data-testid="needs-details"
        className="flex items-center gap-1 whitespace-nowrap rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900"
      >
        <ClipboardPen aria-hidden="true" className="size-3.5 shrink-0" />
        Needs details
      </span>
      {/* A 44 px target around a small cross. */}
      <button
        type="button"
        aria-label="Dismiss Needs details"
        title="Dismiss"
        onClick={() => dismissDetails(item)}
        className="-my-2.5 flex size-11 items-center justify-center rounded-full text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </span>
  );
}
