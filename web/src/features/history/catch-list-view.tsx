import { Fish, Plus, SearchX } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CatchCard } from './catch-card.tsx';
import { CatchCardSkeleton, LoadFailed } from './history-status.tsx';
import { isFiltered, NO_FILTER } from './log-filter.ts';
import type { CatchHistoryState } from './use-catch-history-state.ts';

/** History's list view: the heading, the search and sort, and the catches as cards (or why there are none). */
export function CatchListView({
  state,
  toolbar,
  onLogCatch,
}: {
  state: CatchHistoryState;
  /** The search box and sort (history-toolbar.tsx). */
  toolbar: ReactNode;
  onLogCatch: () => void;
}) {
  return (
    <section aria-labelledby="recent-catches-heading" className="flex flex-col gap-4">
      <h2
        ref={state.dialogs.headingRef}
        id="recent-catches-heading"
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight outline-none"
      >
        Recent Catches
      </h2>

      {toolbar}

      {/* 'Needs details' (docs/decisions/046-quick-capture.md): the catches logged without a size. */}
      <Button
        variant={state.needsDetailsOnly ? 'default' : 'outline'}
        aria-pressed={state.needsDetailsOnly}
        className="w-fit"
        onClick={() => state.setNeedsDetailsOnly(!state.needsDetailsOnly)}
      >
        Needs details
      </Button>

      <CatchListBody state={state} onLogCatch={onLogCatch} />
      {state.showingNewest && state.merged.catches.length > 0 ? (
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          Loading the rest of your catches...
        </p>
      ) : null}
    </section>
  );
}

/** The cards, or while there are none to show: loading, failed, no match for the search, or an empty log. */
function CatchListBody({ state, onLogCatch }: { state: CatchHistoryState; onLogCatch: () => void }) {
  const { visibleCatches, search, merged } = state;
  return state.loadingCatches ? (
    <div className="flex flex-col gap-3" role="status" aria-label="Loading catches">
      {[0, 1, 2].map((key) => (
        <CatchCardSkeleton key={key} />
      ))}
    </div>
  ) : state.loadFailed ? (
    <LoadFailed />
  ) : visibleCatches.length === 0 && search.trim() !== '' && merged.catches.length > 0 ? (
    // A search that matches nothing says so (docs/product.md#history); 'No catches found' is for an empty log.
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium break-words [overflow-wrap:anywhere]">
        {`No catches match "${search.trim()}"`}
      </p>
      <p className="text-sm text-muted-foreground">Try another word, or clear the search.</p>
      <Button variant="outline" className="mt-2" onClick={() => state.setSearch('')}>
        Clear Search
      </Button>
    </div>
  ) : visibleCatches.length === 0 && state.needsDetailsOnly && merged.catches.length > 0 ? (
    <p className="rounded-xl border border-dashed border-border px-6 py-12 text-center font-medium">
      No catches need details
    </p>
  ) : visibleCatches.length === 0 && merged.catches.length > 0 && isFiltered(state.filter) ? (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">No catches match the filters</p>
      <Button variant="outline" className="mt-2" onClick={() => state.setFilter(NO_FILTER)}>
        Clear filters
      </Button>
    </div>
  ) : visibleCatches.length === 0 ? (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <Fish aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">No catches found</p>
      <p className="text-sm text-muted-foreground">Start logging your catches to see them here</p>
      <Button className="mt-2" onClick={onLogCatch}>
        <Plus aria-hidden="true" />
        Log your first catch
      </Button>
    </div>
  ) : (
    <WindowedCatchList state={state} />
  );
}

/** The catches as cards; only a window of them is in the DOM (use-windowed-list.ts). */
function WindowedCatchList({ state }: { state: CatchHistoryState }) {
  const { windowed, visibleCatches, isStale, merged, dialogs, actions } = state;
  return (
    <ul
      ref={windowed.listRef as RefObject<HTMLUListElement | null>}
      aria-label="Catches"
      aria-busy={isStale || state.showingNewest}
      className={`relative transition-opacity [overflow-anchor:none] ${isStale ? 'opacity-70' : ''}`}
      style={{ height: windowed.totalHeight }}
      {...windowed.focusHandlers}
    >
      {windowed.rendered.map(({ item, index, key, top }) => (
        <li
          key={key}
          ref={windowed.measure}
          data-key={key}
          data-index={index}
          // The whole list's size and each card's place in it, for screen readers: only a window is in the DOM.
          aria-setsize={visibleCatches.length}
          aria-posinset={index + 1}
          className="absolute inset-x-0 top-0"
          style={{ transform: `translateY(${top}px)` }}
        >
          <CatchCard
            item={item}
            personalBest={state.stats.recordsHeld.get(item.id)}
            sync={merged.pending.get(item.id)}
            spotName={item.spotId === null ? undefined : state.spotNames.get(item.spotId)}
            onOpen={dialogs.openDetails}
            onEdit={dialogs.openEdit}
            onDelete={dialogs.openDelete}
            onRetry={actions.retry}
            onDiscardEdit={actions.discardEdit}
          />
        </li>
      ))}
    </ul>
  );
}
