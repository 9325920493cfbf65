import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import { computeCatchStats } from '#core/catch-stats.ts';
import { compareCodeUnits } from '#core/compare-text.ts';
import { countNames, NameTally } from '#core/names.ts';
import { speciesName } from '#core/species-aliases.ts';
import { getCatches, getTrips } from '@/api/endpoints';
import { useAuth } from '@/features/auth/use-auth';
import { useSpots } from '@/features/spots/use-spots';
import { type HistoryView, isHistoryView, readHistoryView, writeHistoryView } from '@/lib/history-view';
import { CATCHES_STALE_TIME_MS, queryKeys } from '@/lib/query-client';
import type { PhotoEntry } from '@/offline/outbox';
import { useOutboxEntries, usePendingPhotoUrls } from '@/offline/use-outbox-entries';
import { useNeedsDetails } from '../catches/details-dismissed.ts';
import { formatTripMoment } from '../trips/trip-format.ts';
import {
  CatchSearch,
  type CatchSortOrder,
  readCatchSort,
  sortCatches,
  writeCatchSort,
} from './catch-list-order.ts';
import { prefetchHistoryOverlays } from './history-dialogs.tsx';
import { mergeWithOutbox } from './history-merge.ts';
import {
  catchDay,
  type FilterTrip,
  filterLog,
  hemisphereOf,
  isFiltered,
  type LogFilter,
  NO_FILTER,
  picksPeriod,
  toInsightFilter,
} from './log-filter.ts';
import type { FilterChoices } from './log-filter-bar.tsx';
import { useAfterPaint } from './use-after-paint.ts';
import { useCatchActions } from './use-catch-actions.ts';
import { useHistoryDialogs } from './use-history-dialogs.ts';
import { usePhoneConditions } from './use-phone-conditions.ts';
import { useWindowedList } from './use-windowed-list.ts';

const NO_CATCHES: Catch[] = [];

/** A card's height before it is measured (a photo card without extra lines), and the gap between cards (gap-3). */
const CARD_ESTIMATE_PX = 154;
const CARD_GAP_PX = 12;
/** Cards rendered beyond the view, above and below: a fast flick or Tab to the next card finds it rendered. */
const OVERSCAN_PX = 600;
const catchKey = (item: Catch) => item.id;

/**
 * Everything the History tab shows and does, for its views (catch-history.tsx) to render: the catches (the server's
 * list merged with the outbox, decision 004), the view, search and sort, the stats, the windowed list, the dialogs,
 * the actions on a catch and the angler's spots.
 */
export function useCatchHistoryState() {
  const { user } = useAuth();
  // Remembered across visits, like the active tab (/logs/map and /logs/stats open on a view: app.tsx).
  const [view, setView] = useState<HistoryView>(readHistoryView);
  // A first visit of the list asks for the whole list once the newest catches are here (below): asked together,
  // the short answer waited for the server's work on the long one (decision 051).
  const queryClient = useQueryClient();
  const waitingForNewest =
    view === 'list' &&
    queryClient.getQueryData(queryKeys.catches) === undefined &&
    // Not asked yet counts too: the newest catches' query below asks now.
    (queryClient.getQueryState(queryKeys.newestCatches)?.status ?? 'pending') === 'pending';
  const catchesQuery = useQuery({
    queryKey: queryKeys.catches,
    queryFn: getCatches,
    staleTime: CATCHES_STALE_TIME_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    enabled: !!user && !waitingForNewest,
  });

  const changeView = useCallback((next: string) => {
    if (!isHistoryView(next)) return;
    setView(next);
    writeHistoryView(next);
  }, []);
  const [search, setSearch] = useState('');
  // The filters apply to the list, the map and Stats alike (log-filter.ts); for this visit only.
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  // The kept trip list (the Trips view's, shared by its query key): a catch without a spot counts at its trip's.
  const tripsQuery = useQuery({
    queryKey: queryKeys.trips,
    queryFn: getTrips,
    staleTime: CATCHES_STALE_TIME_MS,
    enabled: !!user,
  });
  const tripsById = useMemo(
    () => new Map<number, FilterTrip>((tripsQuery.data ?? []).map((trip) => [trip.id, trip])),
    [tripsQuery.data],
  );
  // Remembered across visits, like the active tab.
  const [sortOrder, setSortOrder] = useState<CatchSortOrder>(readCatchSort);
  const changeSortOrder = useCallback((order: CatchSortOrder) => {
    setSortOrder(order);
    writeCatchSort(order);
  }, []);
  const dialogs = useHistoryDialogs();
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
    () => entries.filter((entry): entry is PhotoEntry => entry.kind === 'create' || entry.kind === 'update'),
    [entries],
  );
  const photoUrls = usePendingPhotoUrls(photoEntries);

  // Filtering runs on the cached list (works offline). The search is not deferred: a keystroke filters the
  // precomputed lower-cased texts (CatchSearch) and the list is windowed, so one render per keystroke is cheaper
  // than an urgent render and a deferred one, each with its own frame (decision 023). A new order or filter
  // sorts or re-filters the whole list: those stay deferred, the list marked busy meanwhile.
  const deferredSort = useDeferredValue(sortOrder);
  const deferredFilter = useDeferredValue(filter);
  const filtering = isFiltered(deferredFilter);
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
    search.trim() === '' &&
    !filtering &&
    deferredSort === 'newest';
  const data = showingNewest ? newestQuery.data : catchesQuery.data;
  // A catch still on the phone shows its sun, moon and solunar period at once, worked out here (offline too).
  const conditionsOf = usePhoneConditions(entries.some((entry) => entry.kind === 'create'));
  const merged = useMemo(
    () => mergeWithOutbox(data ?? [], entries, photoUrls, conditionsOf),
    [data, entries, photoUrls, conditionsOf],
  );
  // Sorted once per list or order; a keystroke then only filters, which keeps the order.
  const sortedCatches = useMemo(() => sortCatches(merged.catches, deferredSort), [merged, deferredSort]);
  // The search's lower-cased texts are worked out once per list and order, not on every keystroke.
  const catchSearch = useMemo(() => new CatchSearch(sortedCatches), [sortedCatches]);
  // 'Needs details' (docs/decisions/046-quick-capture.md): a toggle of the list view only, after the search and filters.
  const [needsDetailsOnly, setNeedsDetailsOnly] = useState(false);
  const needsDetails = useNeedsDetails();
  const visibleCatches = useMemo(() => {
    const found = filterLog(catchSearch.filter(search), deferredFilter, tripsById);
    return needsDetailsOnly && view === 'list' ? found.filter(needsDetails) : found;
  }, [catchSearch, search, deferredFilter, tripsById, needsDetailsOnly, needsDetails, view]);
  // The texts the search looks in, once the cards are painted: the first keystroke does not pay for them.
  const searchAfterPaint = useAfterPaint(catchSearch, null);
  useEffect(() => searchAfterPaint?.prepare(), [searchAfterPaint]);
  const isStale = sortOrder !== deferredSort || filter !== deferredFilter;
  // Stats and personal bests from the same list, one pass (core/catch-stats.ts), worked out once per list. In the
  // list and the map, after the cards are painted (40 ms at 10,000 catches: decision 023), the badges following a
  // frame later; in the Stats view, where they are the screen, at once.
  // Not from the newest alone: a record among 20 catches is no record.
  const paintedCatches = useAfterPaint(showingNewest ? NO_CATCHES : merged.catches, NO_CATCHES);
  const statsCatches = view === 'stats' ? merged.catches : paintedCatches;
  const stats = useMemo(() => computeCatchStats(statsCatches, new Date()), [statsCatches]);
  // Stats follow the filters; the 'Personal best' badges stay the whole log's (a record of one month is no record).
  const filteredCatches = useMemo(
    () => filterLog(merged.catches, deferredFilter, tripsById),
    [merged.catches, deferredFilter, tripsById],
  );
  // Insights read the same filters: the days, spot and trip pick the hours fished, the rest the fish (log-filter.ts).
  const insightFilter = useMemo(() => toInsightFilter(deferredFilter), [deferredFilter]);
  const filteredStats = useMemo(
    () =>
      filtering && view === 'stats'
        ? computeCatchStats(filteredCatches, new Date(), { chosenPeriod: picksPeriod(deferredFilter) })
        : stats,
    [filtering, view, filteredCatches, deferredFilter, stats],
  );

  // Only the cards in view (and a little around) are in the DOM: at 10,000 catches a first render or a keystroke
  // renders a dozen cards (decision 023).
  const windowed = useWindowedList({
    items: visibleCatches,
    keyOf: catchKey,
    estimateSize: CARD_ESTIMATE_PX,
    gap: CARD_GAP_PX,
    overscanPx: OVERSCAN_PX,
  });
  const actions = useCatchActions(userId, merged, refreshOutbox);
  // The spots, for the map's markers and the names on the cards of the catches linked to one (decision 043).
  const { spots } = useSpots();
  const spotNames = useMemo(
    () => new Map(spots.flatMap((spot) => (spot.id === null ? [] : [[spot.id, spot.name] as const]))),
    [spots],
  );
  // What the filters offer is worked out when the filter bar first asks (its panel opened, or a spot or a trip to
  // name), once per log: History's first render does not pay for a pass over the whole log and the first
  // alphabetical sort (the locale's collation, tens of ms on a phone).
  const getFilterChoices = useMemo(() => {
    let worked: FilterChoices | undefined;
    return () => {
      worked ??= choicesFor(merged.catches, spotNames, tripsQuery.data ?? []);
      return worked;
    };
  }, [merged.catches, spotNames, tripsQuery.data]);

  return {
    view,
    changeView,
    search,
    setSearch,
    sortOrder,
    changeSortOrder,
    filter,
    setFilter,
    getFilterChoices,
    filteredCatches,
    filteredStats,
    insightFilter,
    insightTripId: deferredFilter.tripId,
    needsDetailsOnly,
    setNeedsDetailsOnly,
    showingNewest,
    merged,
    visibleCatches,
    isStale,
    stats,
    // The stats are not worked out yet (they follow the list's first paint).
    statsWaiting: statsCatches === NO_CATCHES && merged.catches !== NO_CATCHES,
    windowed,
    dialogs,
    actions,
    spots,
    spotNames,
    loadingCatches:
      catchesQuery.isPending &&
      (catchesQuery.fetchStatus !== 'idle' || (waitingForNewest && newestQuery.fetchStatus !== 'idle')) &&
      merged.catches.length === 0,
    loadFailed: catchesQuery.isError && !data && merged.catches.length === 0,
  };
}

export type CatchHistoryState = ReturnType<typeof useCatchHistoryState>;

/** What History's filters offer, from the log itself: its species (other names counted as one), years and baits. */
function choicesFor(
  catches: readonly Catch[],
  spotNames: ReadonlyMap<number, string>,
  trips: readonly { id: number; startedAt: string }[],
): FilterChoices {
  const species = new NameTally(speciesName);
  const years = new Set<number>();
  for (const item of catches) {
    species.add(item.fishType);
    const year = Number(catchDay(item).slice(0, 4));
    if (Number.isInteger(year) && year > 0) years.add(year);
  }
  return {
    species: species.top().map(({ name }) => name),
    years: [...years].sort((a, b) => b - a),
    spots: [...spotNames]
      .map(([id, label]) => ({ id, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    trips: [...trips]
      .sort((a, b) => compareCodeUnits(b.startedAt, a.startedAt))
      .map((trip) => ({ id: trip.id, label: `Trip ${formatTripMoment(trip.startedAt)}` })),
    baits: countNames(catches.map((item) => item.baitUsed)).map(({ name }) => name),
    hemisphere: hemisphereOf(catches),
  };
}
