import { type ComponentProps, useDeferredValue } from 'react';
import { ScreenReady, withScreenReady } from '@/components/screen-ready';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { readHistoryView } from '@/lib/history-view';
import { OnDemand, onDemand } from '@/lib/on-demand';
import { preloadCatchMap } from '../map/lazy-catch-map.tsx';
import { CatchListView } from './catch-list-view.tsx';
import { CatchMapView } from './catch-map-view.tsx';
import { HistoryDialogs } from './history-dialogs.tsx';
import { LoadFailed, ViewSpinner } from './history-status.tsx';
import { HistoryToolbar } from './history-toolbar.tsx';
import { HistoryViewTabs } from './history-views.tsx';
import { LogFilterBar } from './log-filter-bar.tsx';
import { useCatchHistoryState } from './use-catch-history-state.ts';

// History's first screen is its view, so ScreenReady mounts with the view on display (the list, the map's section,
// a view below once its code is here, or the load failure), not with History's frame around it: the whole kept copy
// is read once it mounts (offline/query-restore.ts), and that read's long task could land before the paint of a
// Stats or Insights view that came a render after the frame.

// The Stats view is a chunk of its own, loaded when it is first opened, or with History's code when
// History opens on it (decision 023), so it is there when the catches arrive.
// onDemand, not React.lazy: once its code is here the view shows at once (lib/on-demand.tsx).
const statsView = onDemand(
  () => import('./catch-stats-view.tsx').then((m) => withScreenReady(m.CatchStatsView)),
  <ViewSpinner />,
);
if (typeof window !== 'undefined' && readHistoryView() === 'stats') statsView.preload().catch(() => {});
// The map's code (Leaflet) likewise, when History opens on the map (decision 048); /logs/map counts even if this
// runs before the address has stored the view.
if (
  typeof window !== 'undefined' &&
  (readHistoryView() === 'map' || window.location.pathname === '/logs/map')
)
  preloadCatchMap();
// The Spots view (decision 043), likewise a chunk of its own.
const spotsView = onDemand(
  () => import('../spots/spots-view.tsx').then((m) => withScreenReady(m.SpotsView)),
  <ViewSpinner />,
);
if (typeof window !== 'undefined' && readHistoryView() === 'spots') spotsView.preload().catch(() => {});

// The Trips view (decision 043): a chunk of its own too, loaded when first opened or when History opens on it.
const tripsView = onDemand(
  () => import('../trips/trips-view.tsx').then((m) => withScreenReady(m.TripsView)),
  <ViewSpinner />,
);
if (typeof window !== 'undefined' && readHistoryView() === 'trips') tripsView.preload().catch(() => {});

// The Insights view (decision 044): a chunk of its own too, with the statistics it computes on the phone.
const insightsView = onDemand(
  () => import('../insights/insights-view.tsx').then((m) => withScreenReady(m.InsightsView)),
  <ViewSpinner />,
);
if (typeof window !== 'undefined' && readHistoryView() === 'insights') insightsView.preload().catch(() => {});

/**
 * The History tab (docs/product.md#history): search, sort, browse, open and delete catches. Shows the last server list (kept
 * across restarts, so also offline) merged with the catches still waiting in the phone's outbox (decision 004).
 * A switch at the top shows the same catches as a list, on a map, or as stats and personal bests (docs/product.md#map, docs/product.md#stats),
 * or the angler's spots (decision 043).
 * What it shows and does is use-catch-history-state.ts; this lays out the views.
 */
export function CatchHistory({
  onLogCatch,
}: {
  /** Opens the Log tab's form (the empty log's button). */ onLogCatch: () => void;
}) {
  const state = useCatchHistoryState();
  const { loadFailed, loadingCatches, dialogs } = state;

  // The search box and sort apply to the list and the map alike (docs/product.md#search-and-sort).
  const toolbar = (
    <HistoryToolbar
      search={state.search}
      onSearchChange={state.setSearch}
      sortOrder={state.sortOrder}
      onSortOrderChange={state.changeSortOrder}
    />
  );

  // The filters, above the views they apply to: the list, the map, Stats and Insights (log-filter.ts).
  const filtered =
    state.view === 'list' || state.view === 'map' || state.view === 'stats' || state.view === 'insights';

  return (
    <Tabs value={state.view} onValueChange={state.changeView} className="flex flex-col gap-4">
      <HistoryViewTabs />
      {filtered && !loadFailed && state.merged.catches.length > 0 ? (
        <LogFilterBar
          filter={state.filter}
          onChange={state.setFilter}
          getChoices={state.getFilterChoices}
          shownCount={
            state.view === 'stats' || state.view === 'insights'
              ? state.filteredCatches.length
              : state.visibleCatches.length
          }
        />
      ) : filtered && state.loadingCatches ? (
        // The bar's room while the catches load, so the view under it does not jump down when they come.
        <div className="min-h-11" aria-hidden="true" />
      ) : null}
      <TabsContent value="list" className="mt-0">
        <CatchListView state={state} toolbar={toolbar} onLogCatch={onLogCatch} />
        <ScreenReady />
      </TabsContent>
      <TabsContent value="map" className="mt-0">
        <section aria-labelledby="catch-map-heading" className="flex flex-col gap-4">
          <h2 id="catch-map-heading" className="text-xl font-semibold tracking-tight">
            Catch Map
          </h2>
          {toolbar}
          {loadFailed ? (
            <LoadFailed />
          ) : loadingCatches ? (
            <ViewSpinner />
          ) : (
            <DeferredCatchMap
              catches={state.visibleCatches}
              spots={state.spots}
              onOpen={dialogs.openDetails}
            />
          )}
        </section>
        <ScreenReady />
      </TabsContent>
      <TabsContent value="stats" className="mt-0">
        {loadFailed ? (
          <ShownFailure />
        ) : state.statsWaiting ? (
          <ViewSpinner />
        ) : (
          // While the catches are on their way, the view shows the server's figures (decision 049).
          <OnDemand
            source={statsView}
            props={{ stats: loadingCatches ? null : state.filteredStats, onOpen: dialogs.openDetails }}
          />
        )}
      </TabsContent>
      <TabsContent value="insights" className="mt-0">
        {loadFailed ? (
          <ShownFailure />
        ) : (
          // While the catches are on their way, the view shows the server's answer (decision 049).
          <OnDemand
            source={insightsView}
            props={{
              catches: loadingCatches ? null : state.filteredCatches,
              filter: state.insightFilter,
              tripId: state.insightTripId,
              onStartTrip: onLogCatch,
            }}
          />
        )}
      </TabsContent>
      <TabsContent value="trips" className="mt-0">
        <OnDemand
          source={tripsView}
          props={{ catches: state.merged.catches, onOpenCatch: dialogs.openDetails }}
        />
      </TabsContent>

      <TabsContent value="spots" className="mt-0">
        <OnDemand source={spotsView} props={{}} />
      </TabsContent>

      <HistoryDialogs
        dialogs={dialogs}
        merged={state.merged}
        actions={state.actions}
        spotNames={state.spotNames}
        spots={state.spots}
      />
    </Tabs>
  );
}

/** The load failure, as a view's first screen. */
function ShownFailure() {
  return (
    <>
      <LoadFailed />
      <ScreenReady />
    </>
  );
}

/**
 * The map follows the search a render behind: its pins for thousands of catches cost more than the list's window
 * of cards, so typing stays responsive (the list filters at once: use-catch-history-state.ts).
 */
function DeferredCatchMap(props: ComponentProps<typeof CatchMapView>) {
  const catches = useDeferredValue(props.catches);
  return <CatchMapView {...props} catches={catches} />;
}
