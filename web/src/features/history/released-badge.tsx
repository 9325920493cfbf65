import { Undo2 } from 'lucide-react';

/** A catch the angler put back (decision 043): on its History card and in its details. */
export function ReleasedBadge() {
  return (
    <span
      data-testid="released"
      className="flex w-fit items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900"
    >
      <Undo2 aria-hidden="true" className="size-3.5 shrink-0" />
      Released
    </span>
  );
}
