import {
  Calendar,
  CloudOff,
  FlaskConical,
  MapPin,
  MapPinned,
  MoreVertical,
  Pencil,
  Ruler,
  Trash2,
  TriangleAlert,
  Trophy,
} from 'lucide-react';
import { lazy, memo, Suspense, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import type { RecordsHeld } from '#core/catch-stats.ts';
import { formatQuantity, type UnitSystem } from '#core/units.ts';
import { MoonPicture } from '@/components/moon-picture';
import { Button } from '@/components/ui/button';
import { useUnits } from '@/features/auth/use-units';
import { loadWhenOnline } from '@/lib/load-when-online';
import { catchName, formatCatchDate, formatLength, formatWeight } from '../catches/catch-format.ts';
import { NeedsDetailsBadge } from '../catches/needs-details-badge.tsx';
import { CatchThumbnail } from './catch-photo.tsx';
import { CONDITIONS_PENDING, moonWaxing, TENDENCY_WORDS } from './conditions-format.ts';
import type { PendingSync } from './history-merge.ts';
import { ReleasedBadge } from './released-badge.tsx';
import { TENDENCY_ICONS } from './tendency-icons.ts';

/**
 * One catch in the history list (docs/product.md#catch-card): photo, weight badge, fish type ('12 × Perch' for an entry
 * of many), date, location, length, a line of the conditions it was caught in, and a 'Released' badge for a fish put
 * back (decision 043).
 * The fish type is a button stretched over the card (tap anywhere opens the details); the options
 * menu sits above it. Memoised; History renders only the cards in view (use-windowed-list.ts).
 * The spot it is linked to, by name (decision 043).
 * A catch (or an edit of one) still in the phone's outbox is marked 'Waiting to sync'; one the server refused for
 * good says why, with Fix (the edit form, the refused fields marked), Retry and Discard (a refused catch is
 * discarded like a delete, which asks; a refused edit is dropped, the catch shown as the server has it). The heaviest or longest of its species wears a badge
 * saying which, 'Personal best: heaviest' (decision 011; core/catch-stats.ts decides); a sample saved from a test page, a 'Test catch' one.
 */
/** 'Personal best: heaviest', '…: longest' or '…: heaviest, longest': a record by weight or by length. */
function personalBestLabel({ heaviest, longest }: RecordsHeld): string {
  return `Personal best: ${[heaviest ? 'heaviest' : null, longest ? 'longest' : null].filter(Boolean).join(', ')}`;
}

export const CatchCard = memo(function CatchCard({
  item,
  personalBest,
  sync,
  spotName,
  onOpen,
  onEdit,
  onDelete,
  onRetry,
  onDiscardEdit,
}: {
  item: Catch;
  /** The records of its species it holds (the heaviest, the longest), when any: the badge says which. */
  personalBest?: RecordsHeld;
  sync?: PendingSync;
  /** The name of the spot the catch is linked to (decision 043). */
  spotName?: string;
  /** `opener` is the element to give focus back to when the dialog closes. */
  onOpen: (item: Catch, opener: HTMLElement) => void;
  onEdit: (item: Catch, opener: HTMLElement | null) => void;
  onDelete: (item: Catch, opener: HTMLElement | null) => void;
  onRetry?: (clientId: string) => void;
  onDiscardEdit?: (clientId: string) => void;
}) {
  const units = useUnits();
  const weight = formatWeight(item.weight, units);
  const length = formatLength(item.length, units);

  return (
    <article
      className={
        'relative flex flex-wrap gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-sm ' +
        'transition-colors hover:bg-accent/40'
      }
    >
      {/* 112 × 128 px, a little taller than wide: more of the photo than a 96 px square. */}
      <CatchThumbnail item={item} className="h-32 w-28 shrink-0 rounded-lg" />
      {/* pr-10 keeps the text clear of the 44 px options button in the corner. At least 10rem wide: with large text
          it goes under the photo (the card wraps) rather than a letter or two to a line beside it. */}
      <div className="flex min-w-40 flex-1 flex-col gap-1 pr-10">
        {/* A long name wraps onto a second line, then ends in an ellipsis; a long single word breaks rather than
            being cut mid-letter (decision 007). The dialog shows it whole. */}
        <h3 className="text-base font-semibold leading-tight">
          <button
            type="button"
            onClick={(event) => onOpen(item, event.currentTarget)}
            className={
              'line-clamp-2 text-left outline-none [overflow-wrap:anywhere] after:absolute after:inset-0 ' +
              'after:rounded-xl after:content-[""] focus-visible:after:ring-2 focus-visible:after:ring-ring'
            }
          >
            {catchName(item)}
          </button>
        </h3>
        {weight || personalBest || item.released || item.isTestCatch ? (
          <div className="flex flex-wrap gap-1.5">
            {weight ? (
              <span className="w-fit whitespace-nowrap rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                {weight}
              </span>
            ) : null}
            {personalBest ? (
              <span
                data-testid="personal-best"
                className="flex w-fit items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
              >
                <Trophy aria-hidden="true" className="size-3.5 shrink-0" />
                {personalBestLabel(personalBest)}
              </span>
            ) : null}
            {item.released ? <ReleasedBadge /> : null}
            {item.isTestCatch ? <TestCatchBadge /> : null}
          </div>
        ) : null}
        <NeedsDetailsBadge item={item} />
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Calendar aria-hidden="true" className="size-3.5 shrink-0" />
          {formatCatchDate(item.catchDate)}
        </p>
        {item.locationName ? (
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{item.locationName}</span>
          </p>
        ) : null}
        {spotName ? <SpotLine name={spotName} /> : null}
        {length ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Ruler aria-hidden="true" className="size-3.5 shrink-0" />
            {length}
          </p>
        ) : null}
        <CardConditions item={item} units={units} />
        {sync?.state === 'pending' ? (
          <span
            data-testid="sync-pending"
            className="flex w-fit items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
          >
            <CloudOff aria-hidden="true" className="size-3.5 shrink-0" />
            Waiting to sync
          </span>
        ) : null}
        {sync?.state === 'failed' ? (
          <div className="relative z-10 flex flex-col gap-1.5" data-testid="sync-failed">
            <p className="flex items-start gap-1.5 text-sm font-medium text-destructive">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              <span>Not synced: {sync.lastError ?? 'the server refused it'}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={(event) => onEdit(item, event.currentTarget)}>
                <Pencil aria-hidden="true" />
                Fix
              </Button>
              <Button size="sm" variant="outline" onClick={() => onRetry?.(sync.clientId)}>
                Retry
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive"
                onClick={(event) =>
                  sync.kind === 'update'
                    ? onDiscardEdit?.(sync.clientId)
                    : onDelete(item, event.currentTarget)
                }
              >
                <Trash2 aria-hidden="true" />
                {sync.kind === 'update' ? 'Discard Edit' : 'Discard'}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <div className="absolute right-1.5 top-1.5 z-10">
        <CardMenu item={item} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </article>
  );
});

/**
 * The conditions in one short line: the air temperature, the pressure's 3-hour tendency as an arrow and the moon as
 * a picture, each named in words for a screen reader; 'Conditions pending' until the server has the weather.
 * Nothing when they could not be worked out. Cheap: a few spans per card, no computing.
 */
function CardConditions({ item, units }: { item: Catch; units: UnitSystem }) {
  const { status, weather, moon } = item.conditions;
  if (weather === null && moon === null && status !== 'pending') return null;
  const tendency = weather?.pressureTendency ?? null;
  const TendencyIcon = tendency ? TENDENCY_ICONS[tendency] : null;
  return (
    <p
      data-testid="card-conditions"
      className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-muted-foreground"
    >
      <span className="sr-only">Conditions: </span>
      {weather ? (
        <span className="whitespace-nowrap">
          {formatQuantity('temperature', weather.airTemperature, units)}
        </span>
      ) : null}
      {tendency && TendencyIcon ? (
        <span className="flex items-center" title={`Pressure ${TENDENCY_WORDS[tendency].toLowerCase()}`}>
          <TendencyIcon aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">, pressure {TENDENCY_WORDS[tendency].toLowerCase()}</span>
        </span>
      ) : null}
      {moon ? (
        <span className="flex items-center" title={moon.phase}>
          <MoonPicture illumination={moon.illumination} waxing={moonWaxing(moon)} className="size-4" />
          <span className="sr-only">
            {weather ? ', ' : ''}
            {moon.phase}
          </span>
        </span>
      ) : null}
      {status === 'pending' ? (
        <span className="whitespace-nowrap">
          <span className="sr-only">{weather || moon ? ', ' : ''}</span>
          {CONDITIONS_PENDING}
        </span>
      ) : null}
    </p>
  );
}

/** The spot a catch is linked to (decision 043), shown on its card and in its details. */
export function SpotLine({ name }: { name: string }) {
  return (
    <p data-testid="catch-spot" className="flex min-w-0 items-start gap-1.5 text-sm text-muted-foreground">
      <MapPinned aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="min-w-0 [overflow-wrap:anywhere]">Spot: {name}</span>
    </p>
  );
}

/** A sample saved from a test page (docs/decisions/028-test-catches.md): it stays out of Stats. */
function TestCatchBadge() {
  return (
    <span
      data-testid="test-catch"
      className="flex w-fit items-center gap-1 rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-semibold text-foreground"
    >
      <FlaskConical aria-hidden="true" className="size-3.5 shrink-0" />
      Test catch
    </span>
  );
}

// The options menu with the menus' code loads at its first use (decision 023: History's first screen does not wait
// for it); a look-alike button stands in until then, also offline before the service worker has precached it.
const loadCardMenu = () => loadWhenOnline(() => import('./catch-card-menu.tsx'));
const LazyCardMenu = lazy(() => loadCardMenu().then((m) => ({ default: m.CatchCardMenu })));

function CardMenu(props: {
  item: Catch;
  onEdit: (item: Catch, opener: HTMLElement | null) => void;
  onDelete: (item: Catch, opener: HTMLElement | null) => void;
}) {
  const [requested, setRequested] = useState(false);
  const placeholder = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Catch options"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadCardMenu()}
      onFocus={() => void loadCardMenu()}
      onClick={() => setRequested(true)}
    >
      <MoreVertical aria-hidden="true" />
    </Button>
  );
  if (!requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LazyCardMenu {...props} />
    </Suspense>
  );
}
