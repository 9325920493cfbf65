import { useQuery } from '@tanstack/react-query';
import { ArrowDownUp, Fish, Plus, Search, SearchX } from 'lucide-react';
import {
  lazy,
  type RefObject,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Catch } from '#core/catch.ts';
import { computeCatchStats } from '#core/catch-stats.ts';
import { getCatches } from '@/api/endpoints';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/use-auth';
import { toast } from '@/hooks/use-toast';
import { type HistoryView, isHistoryView, readHistoryView, writeHistoryView } from '@/lib/history-view';
import { loadWhenOnline } from '@/lib/load-when-online';
import { OnDemand, onDemand } from '@/lib/on-demand';
import { CATCHES_STALE_TIME_MS, queryKeys } from '@/lib/query-client';
import { loadOfflineRuntime } from '@/offline/load-offline-runtime';
import type { PhotoEntry } from '@/offline/outbox';
import {
  type CatchEdit,
  deleteCatchOffline,
  editCatchOffline,
  undoDeleteOffline,
} from '@/offline/outbox-actions';
import { useOutboxEntries, usePendingPhotoUrls } from '@/offline/use-outbox-entries';
import { CatchCard } from './catch-card.tsx';
import {
  CatchSearch,
  type CatchSortOrder,
  readCatchSort,
  sortCatches,
  writeCatchSort,
} from './catch-list-order.ts';
import { CatchMapView } from './catch-map-view.tsx';
import { mergeWithOutbox } from './history-merge.ts';
import { HistoryViewTabs } from './history-views.tsx';
import { UNDO_DELETE_MS, type UndoDelete } from './undo-delete.ts';
import { useWindowedList } from './use-windowed-list.ts';

// The Stats view is a chunk of its own, loaded when it is first opened, or with History's code when
// History opens on it (decision 023), so it is there when the catches arrive.
// onDemand, not React.lazy: once its code is here the view shows at once (lib/on-demand.tsx).
const statsView = onDemand(
  () => import('./catch-stats-view.tsx').then((m) => m.CatchStatsView),
  <ViewSpinner />,
);

// The dialogs (details with its map drawer, edit, delete) and the menus come with Radix's dialog and menu code
// (~45 KB gzip with the drawer and the edit form): chunks of their own, mounted when first opened, so History's
// first screen does not wait for them (decision 023). Fetched once History is painted and the page is idle, so the
// first tap does not wait either; offline they come from the service worker's precache.
// Through loadWhenOnline: without a service worker, a dialog opened offline before its code came waits for the
// network instead of failing.
const loadDetailDialog = () => loadWhenOnline(() => import('./catch-detail-dialog.tsx'));
const loadEditDialog = () => loadWhenOnline(() => import('./edit-catch-dialog.tsx'));
const loadDeleteDialog = () => loadWhenOnline(() => import('./delete-catch-dialog.tsx'));
// The sort menu is fetched as soon as History's code runs (beside the catches) and kept, so the button opens it in
// the same tap, as before, once it is here.
let sortMenuModule: typeof import('./sort-menu.tsx') | null = null;
const loadSortMenu = () =>
  loadWhenOnline(() => import('./sort-menu.tsx')).then((module) => {
    sortMenuModule = module;
    return module;
  });
if (typeof window !== 'undefined') void loadSortMenu();
const CatchDetailDialog = lazy(() => loadDetailDialog().then((m) => ({ default: m.CatchDetailDialog })));
const EditCatchDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditCatchDialog })));
const DeleteCatchDialog = lazy(() => loadDeleteDialog().then((m) => ({ default: m.DeleteCatchDialog })));

function prefetchHistoryOverlays(): void {
  void loadDetailDialog();
  void loadEditDialog();
  void loadDeleteDialog();
  import('./catch-card-menu.tsx').catch(() => {});
}
if (typeof window !== 'undefined' && readHistoryView() === 'stats') statsView.preload().catch(() => {});

const NO_CATCHES: Catch[] = [];

/** A card's height before it is measured (a photo card without extra lines), and the gap between cards (gap-3). */
const CARD_ESTIMATE_PX = 154;
const CARD_GAP_PX = 12;
/** Cards rendered beyond the view, above and below: a fast flick or Tab to the next card finds it rendered. */
const OVERSCAN_PX = 600;
const catchKey = (item: Catch) => item.id;

/**
 * The History tab (docs/product.md#history): search, sort, browse, open and delete catches. Shows the last server list (kept
 * across restarts, so also offline) merged with the catches still waiting in the phone's outbox (decision 004).
 * A switch at the top shows the same catches as a list, on a map, or as stats and personal bests (docs/product.md#map, docs/product.md#stats).
 */
export function CatchHistory({
  onLogCatch,
}: {
  /** Opens the Log tab's form (the empty log's button). */ onLogCatch: () => void;
}) {
  const { user } = useAuth();
  const catchesQuery = useQuery({
    queryKey: queryKeys.catches,
    queryFn: getCatches,
    staleTime: CATCHES_STALE_TIME_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    enabled: !!user,
  });

  // Remembered across visits, like the active tab (/logs/map and /logs/stats open on a view: app.tsx).
  const [view, setView] = useState<HistoryView>(readHistoryView);
  const changeView = useCallback((next: string) => {
    if (!isHistoryView(next)) return;
    setView(next);
    writeHistoryView(next);
  }, []);
  const [search, setSearch] = useState('');
  // Remembered across visits, like the active tab.
  const [sortOrder, setSortOrder] = useState<CatchSortOrder>(readCatchSort);
  const changeSortOrder = useCallback((order: CatchSortOrder) => {
    setSortOrder(order);
    writeCatchSort(order);
  }, []);
  const [openCatch, setOpenCatch] = useState<Catch | null>(null);
  const [catchToDelete, setCatchToDelete] = useState<Catch | null>(null);
  const [catchToEdit, setCatchToEdit] = useState<Catch | null>(null);
  // Each dialog is mounted at its first opening and stays (so it closes with its animation and gives focus back).
  const detailUsed = useRef(false);
  const editUsed = useRef(false);
  const deleteUsed = useRef(false);
  if (openCatch) detailUsed.current = true;
  if (catchToEdit) editUsed.current = true;
  if (catchToDelete) deleteUsed.current = true;
  // The dialogs' and menus' code once the catches are on screen and the page is idle: not while the list itself
  // is still on its way (on a slow network they would share it).
  const catchesSettled = catchesQuery.status !== 'pending';
  useEffect(() => {
    if (!catchesSettled) return;
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(prefetchHistoryOverlays, { timeout: 3000 });
      else setTimeout(prefetchHistoryOverlays, 500);
    });
    return () => cancelAnimationFrame(frame);
  }, [catchesSettled]);

  const userId = user?.id ?? null;
  const { entries, refresh: refreshOutbox } = useOutboxEntries(userId);
  const photoEntries = useMemo(
    () => entries.filter((entry): entry is PhotoEntry => entry.kind !== 'delete'),
    [entries],
  );
  const photoUrls = usePendingPhotoUrls(photoEntries);

  // Filtering runs on the cached list (works offline); deferring keeps typing responsive on huge logs.
  const deferredSearch = useDeferredValue(search);
  const deferredSort = useDeferredValue(sortOrder);
  // A first visit (a new phone, after signing in again) has no kept list: the list view shows the newest catches,
  // a short answer, while the whole list (megabytes at 10,000 catches) is on its way (decision 023). Only where they
  // are what the whole list would show first: no search typed, newest first. Never for stats or the map.
  const newestQuery = useQuery<Catch[]>({
    queryKey: queryKeys.newestCatches,
    enabled: !!user && catchesQuery.data === undefined,
  });
  const showingNewest =
    catchesQuery.status === 'pending' &&
    newestQuery.data !== undefined &&
    view === 'list' &&
    deferredSearch.trim() === '' &&
    deferredSort === 'newest';
  const data = showingNewest ? newestQuery.data : catchesQuery.data;
  const merged = useMemo(() => mergeWithOutbox(data ?? [], entries, photoUrls), [data, entries, photoUrls]);
  // Sorted once per list or order; a keystroke then only filters, which keeps the order.
  const sortedCatches = useMemo(() => sortCatches(merged.catches, deferredSort), [merged, deferredSort]);
  // The search's lower-cased texts are worked out once per list and order, not on every keystroke.
  const catchSearch = useMemo(() => new CatchSearch(sortedCatches), [sortedCatches]);
  const visibleCatches = useMemo(() => catchSearch.filter(deferredSearch), [catchSearch, deferredSearch]);
  // The texts the search looks in, once the cards are painted: the first keystroke does not pay for them.
  const searchAfterPaint = useAfterPaint(catchSearch, null);
  useEffect(() => searchAfterPaint?.prepare(), [searchAfterPaint]);
  const isStale = search !== deferredSearch || sortOrder !== deferredSort;
  // Stats and personal bests from the same list, one pass (core/catch-stats.ts), worked out once per list. In the
  // list and the map, after the cards are painted (40 ms at 10,000 catches: decision 023), the badges following a
  // frame later; in the Stats view, where they are the screen, at once.
  // Not from the newest alone: a record among 20 catches is no record.
  const paintedCatches = useAfterPaint(showingNewest ? NO_CATCHES : merged.catches, NO_CATCHES);
  const statsCatches = view === 'stats' ? merged.catches : paintedCatches;
  const stats = useMemo(() => computeCatchStats(statsCatches, new Date()), [statsCatches]);

  // Only the cards in view (and a little around) are in the DOM: at 10,000 catches a first render or a keystroke
  // renders a dozen cards (decision 023).
  const windowed = useWindowedList({
    items: visibleCatches,
    keyOf: catchKey,
    estimateSize: CARD_ESTIMATE_PX,
    gap: CARD_GAP_PX,
    overscanPx: OVERSCAN_PX,
  });

  // Dialogs opened without a Radix Trigger: give focus back to the card (or the heading once it is gone).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const handleOpen = useCallback((item: Catch, opener: HTMLElement) => {
    returnFocusTo.current = opener;
    setOpenCatch(item);
  }, []);
  const handleDelete = useCallback((item: Catch, opener: HTMLElement | null) => {
    returnFocusTo.current = opener;
    setCatchToDelete(item);
  }, []);
  const handleEdit = useCallback((item: Catch, opener: HTMLElement | null) => {
    returnFocusTo.current = opener;
    setCatchToEdit(item);
  }, []);
  // From the details: the edit form takes their place, and focus goes back to the card afterwards.
  const editFromDetails = useCallback((item: Catch) => {
    setOpenCatch(null);
    setCatchToEdit(item);
  }, []);
  const handleRetry = useCallback(async (clientId: string) => {
    const offline = await loadOfflineRuntime();
    await offline.syncEngine.retry(clientId);
    offline.requestFlush();
  }, []);
  const handleDiscardEdit = useCallback(
    async (clientId: string) => {
      const offline = await loadOfflineRuntime();
      await offline.syncEngine.discard(clientId);
      await refreshOutbox();
      toast({ title: 'Edit discarded', description: 'The catch is back as it was saved.' });
    },
    [refreshOutbox],
  );

  /** Edits through the outbox (also offline); the card shows the change as soon as it is queued. */
  const saveEdit = useCallback(
    async (item: Catch, edit: CatchEdit) => {
      if (userId === null) throw new Error('You must be logged in');
      const offline = await loadOfflineRuntime();
      await editCatchOffline(offline.outbox, userId, item, edit);
      await refreshOutbox();
      offline.requestFlush();
    },
    [userId, refreshOutbox],
  );

  /**
   * Deletes through the outbox (also offline); the card is hidden as soon as the delete is queued. The delete is
   * held for UNDO_DELETE_MS, and the function returned undoes it until then (docs/decisions/024-undo-delete.md).
   */
  const removeCatch = useCallback(
    async (item: Catch): Promise<UndoDelete> => {
      if (userId === null) throw new Error('You must be logged in');
      const sync = merged.pending.get(item.id);
      const pendingClientId = sync?.kind === 'create' ? sync.clientId : null;
      const offline = await loadOfflineRuntime();
      const now = Date.now();
      const undo = await deleteCatchOffline(
        offline.outbox,
        userId,
        item,
        pendingClientId,
        now,
        now + UNDO_DELETE_MS,
      );
      await refreshOutbox();
      offline.requestFlush();
      return async () => {
        const restored = await undoDeleteOffline(offline.outbox, undo);
        await refreshOutbox();
        // A catch put back as a create waiting on the phone goes out as before.
        offline.requestFlush();
        return restored;
      };
    },
    [userId, merged, refreshOutbox],
  );

  const restoreFocus = useCallback((event: Event) => {
    event.preventDefault();
    const target = returnFocusTo.current?.isConnected ? returnFocusTo.current : headingRef.current;
    target?.focus();
  }, []);

  const loadingCatches =
    catchesQuery.isPending && catchesQuery.fetchStatus !== 'idle' && merged.catches.length === 0;
  const loadFailed = catchesQuery.isError && !data && merged.catches.length === 0;

  // The search box and sort apply to the list and the map alike (docs/product.md#search-and-sort).
  const searchRow = (
    // The search box keeps 10rem or takes a row of its own, with Sort By under it (large text).
    <div className="flex flex-wrap gap-2">
      <div className="relative min-w-0 flex-[1_1_10rem]">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search your catches..."
          aria-label="Search catches"
          autoComplete="off"
          enterKeyHint="search"
          className="pl-9"
        />
      </div>
      <DeferredSortMenu value={sortOrder} onChange={changeSortOrder} />
    </div>
  );

  const listView = (
    <section aria-labelledby="recent-catches-heading" className="flex flex-col gap-4">
      <h2
        ref={headingRef}
        id="recent-catches-heading"
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight outline-none"
      >
        Recent Catches
      </h2>

      {searchRow}

      {loadingCatches ? (
        <div className="flex flex-col gap-3" role="status" aria-label="Loading catches">
          {[0, 1, 2].map((key) => (
            <CatchCardSkeleton key={key} />
          ))}
        </div>
      ) : loadFailed ? (
        <LoadFailed />
      ) : visibleCatches.length === 0 && deferredSearch.trim() !== '' && merged.catches.length > 0 ? (
        // A search that matches nothing says so (docs/product.md#history); 'No catches found' is for an empty log.
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium break-words [overflow-wrap:anywhere]">
            {`No catches match "${deferredSearch.trim()}"`}
          </p>
          <p className="text-sm text-muted-foreground">Try another word, or clear the search.</p>
          <Button variant="outline" className="mt-2" onClick={() => setSearch('')}>
            Clear Search
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
        <ul
          ref={windowed.listRef as RefObject<HTMLUListElement | null>}
          aria-label="Catches"
          aria-busy={isStale || showingNewest}
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
                personalBest={stats.personalBests.has(item.id)}
                sync={merged.pending.get(item.id)}
                onOpen={handleOpen}
                onEdit={handleEdit}
                onDelete={handleDelete}
                onRetry={handleRetry}
                onDiscardEdit={handleDiscardEdit}
              />
            </li>
          ))}
        </ul>
      )}
      {showingNewest && merged.catches.length > 0 ? (
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          Loading the rest of your catches...
        </p>
      ) : null}
    </section>
  );

  return (
    <Tabs value={view} onValueChange={changeView} className="flex flex-col gap-4">
      <HistoryViewTabs />
      <TabsContent value="list" className="mt-0">
        {listView}
      </TabsContent>
      <TabsContent value="map" className="mt-0">
        <section aria-labelledby="catch-map-heading" className="flex flex-col gap-4">
          <h2 id="catch-map-heading" className="text-xl font-semibold tracking-tight">
            Catch Map
          </h2>
          {searchRow}
          {loadFailed ? (
            <LoadFailed />
          ) : loadingCatches ? (
            <ViewSpinner />
          ) : (
            <CatchMapView catches={visibleCatches} onOpen={handleOpen} />
          )}
        </section>
      </TabsContent>
      <TabsContent value="stats" className="mt-0">
        {loadFailed ? (
          <LoadFailed />
        ) : loadingCatches || (statsCatches === NO_CATCHES && merged.catches !== NO_CATCHES) ? (
          <ViewSpinner />
        ) : (
          <OnDemand source={statsView} props={{ stats, onOpen: handleOpen }} />
        )}
      </TabsContent>

      {detailUsed.current ? (
        <Suspense fallback={null}>
          <CatchDetailDialog
            item={openCatch}
            onClose={() => setOpenCatch(null)}
            onEdit={editFromDetails}
            onCloseAutoFocus={restoreFocus}
          />
        </Suspense>
      ) : null}
      {editUsed.current ? (
        <Suspense fallback={null}>
          <EditCatchDialog
            item={catchToEdit}
            sync={catchToEdit ? merged.pending.get(catchToEdit.id) : undefined}
            saveEdit={saveEdit}
            onClose={() => setCatchToEdit(null)}
            onCloseAutoFocus={restoreFocus}
          />
        </Suspense>
      ) : null}
      {deleteUsed.current ? (
        <Suspense fallback={null}>
          <DeleteCatchDialog
            item={catchToDelete}
            deleteCatch={removeCatch}
            onClose={(deleted) => {
              if (deleted) returnFocusTo.current = headingRef.current;
              setCatchToDelete(null);
            }}
            onCloseAutoFocus={restoreFocus}
          />
        </Suspense>
      ) : null}
    </Tabs>
  );
}

/**
 * `value`, once the frame showing what was rendered with the previous one has been painted (`initial` before
 * that): for work the screen can show a moment later.
 */
function useAfterPaint<T>(value: T, initial: T): T {
  const [painted, setPainted] = useState(initial);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return painted;
}

function LoadFailed() {
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
    >
      Failed to load catches. Please try again later.
    </p>
  );
}

function ViewSpinner() {
  return (
    <div className="flex justify-center py-12">
      <Spinner className="size-7 text-primary" label="Loading" />
    </div>
  );
}

function CatchCardSkeleton() {
  return (
    <div className="flex gap-3 rounded-xl border border-border bg-card p-3 shadow-sm">
      <Skeleton className="h-32 w-28 shrink-0 rounded-lg" />
      <div className="flex flex-1 flex-col gap-2 py-1">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-16 rounded-full" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-3 w-3/5" />
      </div>
    </div>
  );
}

/** The 'Sort By' button: a look-alike until first used, then the menu (sort-menu.tsx), opened at once. */
function DeferredSortMenu({
  value,
  onChange,
}: {
  value: CatchSortOrder;
  onChange: (order: CatchSortOrder) => void;
}) {
  const [requested, setRequested] = useState(false);
  const [, setLoaded] = useState(false);
  const menu = sortMenuModule;
  if (requested && menu) return <menu.SortMenu value={value} onChange={onChange} />;
  return (
    <Button
      variant="outline"
      className="shrink-0"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setRequested(true);
        // Not here yet (a slow network): opens once it is.
        if (!sortMenuModule) void loadSortMenu().then(() => setLoaded(true));
      }}
    >
      <ArrowDownUp aria-hidden="true" />
      Sort By
    </Button>
  );
}
