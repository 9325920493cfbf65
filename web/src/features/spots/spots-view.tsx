import { MapPinned, Pencil, Trash2, Trophy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useUnits } from '@/features/auth/use-units';
import { formatWeight } from '../catches/catch-format.ts';
import { DeleteSpotDialog } from './delete-spot-dialog.tsx';
import { EditSpotDialog } from './edit-spot-dialog.tsx';
import type { ShownSpot } from './spots-merge.ts';
import { useSpots } from './use-spots.ts';

/** '1 catch', '12 catches': the fish caught at a spot (quantities summed by the server). */
function catchCountText(count: number): string {
  return count === 1 ? '1 catch' : `${count} catches`;
}

/**
 * History's Spots view (decision 043): the angler's named places, each with how many fish it gave and its heaviest,
 * to rename, note, resize or delete (its catches stay). A chunk of its own, loaded when the view first opens.
 */
export function SpotsView() {
  const { spots, isPending, isError, fetchStatus } = useSpots();
  const [editing, setEditing] = useState<ShownSpot | null>(null);
  const [deleting, setDeleting] = useState<ShownSpot | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    (opener.current?.isConnected ? opener.current : headingRef.current)?.focus();
  };
  const sorted = [...spots].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <section aria-labelledby="spots-heading" className="flex flex-col gap-4">
      <h2
        ref={headingRef}
        id="spots-heading"
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight outline-none"
      >
        Spots
      </h2>
      {isPending && fetchStatus !== 'idle' ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading spots...
        </p>
      ) : isError && spots.length === 0 ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load spots. Please try again later.
        </p>
      ) : sorted.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
          <MapPinned aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">No spots yet</p>
          <p className="text-sm text-muted-foreground">
            Open a catch with a location and choose 'Save this place as a spot'.
          </p>
        </div>
      ) : (
        <ul aria-label="Spots" className="flex flex-col gap-3">
          {sorted.map((spot) => (
            <li key={spot.clientId ?? spot.id}>
              <SpotCard
                spot={spot}
                onEdit={(element) => {
                  opener.current = element;
                  setEditing(spot);
                }}
                onDelete={(element) => {
                  opener.current = element;
                  setDeleting(spot);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <EditSpotDialog spot={editing} onClose={() => setEditing(null)} onCloseAutoFocus={restoreFocus} />
      <DeleteSpotDialog
        spot={deleting}
        onClose={(deleted) => {
          if (deleted) opener.current = headingRef.current;
          setDeleting(null);
        }}
        onCloseAutoFocus={restoreFocus}
      />
    </section>
  );
}

function SpotCard({
  spot,
  onEdit,
  onDelete,
}: {
  spot: ShownSpot;
  onEdit: (opener: HTMLElement) => void;
  onDelete: (opener: HTMLElement) => void;
}) {
  const units = useUnits();
  const best = spot.bestCatch;
  const bestWeight = best ? formatWeight(best.weight, units) : null;
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-wrap gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-sm"
    >
      <div className="flex min-w-0 flex-[1_1_10rem] flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold leading-tight [overflow-wrap:anywhere]">
          {spot.name}
        </h3>
        <p className="text-sm">{catchCountText(spot.catchCount)}</p>
        {best ? (
          <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
            <Trophy aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span>
              Best catch: {best.fishType}
              {bestWeight ? (
                <>
                  , <span className="whitespace-nowrap">{bestWeight}</span>
                </>
              ) : null}
            </span>
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          Radius <span className="whitespace-nowrap">{spot.radiusMeters} m</span>
        </p>
        {spot.notes ? (
          <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">{spot.notes}</p>
        ) : null}
      </div>
      <div className="flex flex-[1_1_8rem] flex-wrap content-start justify-end gap-2">
        <Button
          variant="outline"
          aria-label={`Edit ${spot.name}`}
          onClick={(event) => onEdit(event.currentTarget)}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="outline"
          className="text-destructive"
          aria-label={`Delete ${spot.name}`}
          onClick={(event) => onDelete(event.currentTarget)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </article>
  );
}
