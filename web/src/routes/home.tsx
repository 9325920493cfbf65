import { useState } from 'react';
import { FIRST_VIEW_DATA } from '#core/first-view-data.ts';
import { getCatches } from '@/api/endpoints';
import { ErrorBoundary } from '@/components/error-boundary';
import { withScreenReady } from '@/components/screen-ready';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { AppHeader } from '@/features/shell/app-header';
import { ShellTabList } from '@/features/shell/shell-tab-list';
import { isShellTab, readActiveTab, type ShellTab, writeActiveTab } from '@/lib/active-tab';
import { readHistoryView } from '@/lib/history-view';
import { OnDemand, onDemand } from '@/lib/on-demand';
import { CATCHES_STALE_TIME_MS, queryClient, queryKeys } from '@/lib/query-client';

// The tab contents load on demand, keeping the shell's first bundle small (decision 023); each is on display with its
// ScreenReady, History's with its view's (catch-history.tsx). onDemand, not React.lazy: a tab whose code is here
// shows at once (lib/on-demand.tsx).
const tabs = {
  log: onDemand(
    () => import('@/features/log/log-catch-form').then((m) => withScreenReady(m.LogCatchForm)),
    <TabFallback />,
  ),
  history: onDemand(
    () => import('@/features/history/catch-history').then((m) => m.CatchHistory),
    <TabFallback />,
  ),
  tools: onDemand(
    () => import('@/features/tools/tools-tab').then((m) => withScreenReady(m.ToolsTab)),
    <TabFallback />,
  ),
} satisfies Record<ShellTab, unknown>;

/** The tab the shell opens on at this address: / the remembered one; /tools and /logs (app.tsx) their own. */
function openingTab(pathname: string): ShellTab | null {
  if (pathname === '/') return readActiveTab();
  if (pathname === '/tools') return 'tools';
  if (pathname === '/logs' || pathname.startsWith('/logs/')) return 'history';
  return null;
}

// Start fetching the opening tab's code right away, in parallel with the user query. A failure shows in
// the tab's error boundary when it renders; here it must not become an unhandled rejection.
const firstTab = typeof window === 'undefined' ? null : openingTab(window.location.pathname);
if (firstTab) tabs[firstTab].preload().catch(() => {});
// Opening on History, its list (megabytes at 10,000 catches, then parsed) is asked for as soon as the server
// has said who is signed in, while History's code still loads, instead of once History has rendered (decision 023).
// Not before: signed out, the request would only be refused; and not on a user kept from an earlier visit, whose
// session may have ended.
if (firstTab === 'history') {
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.user[0]) return;
    if (event.action.type !== 'success' && event.action.type !== 'error') return;
    unsubscribe();
    if (event.action.type === 'success' && event.query.state.data) {
      const wholeList = () =>
        queryClient.prefetchQuery({
          queryKey: queryKeys.catches,
          queryFn: getCatches,
          staleTime: CATCHES_STALE_TIME_MS,
        });
      // A first visit (nothing kept from an earlier one) asks for the newest catches first: a short answer that
      // History shows while the whole list is on its way. On the list, the whole list is asked for once they are
      // here: asked together, the short answer waited for the server's work on the long one (decision 051).
      if (queryClient.getQueryData(queryKeys.catches)) void wholeList();
      else {
        const view = readHistoryView();
        const newest = queryClient.prefetchQuery({ queryKey: queryKeys.newestCatches });
        // Stats and Insights paint the server's figures of the whole log while the list is on its way (decision
        // 049): asked here, not once their view's code has run, and before the list, for the same reason.
        const summary =
          view === 'stats' || view === 'insights'
            ? queryClient.prefetchQuery({ queryKey: [FIRST_VIEW_DATA[view]] })
            : null;
        // The whole list waits for History's code too: asked as soon as the first answer was here (the page's own
        // preload, decision 055), it took the slow link from the code the first screen needs.
        const historyCode = tabs.history.preload().catch(() => {});
        const firstAnswer = view === 'list' ? newest : (summary ?? Promise.resolve());
        void Promise.all([firstAnswer, historyCode]).then(wholeList);
      }
    }
  });
}

function TabFallback() {
  return (
    <div className="flex justify-center py-12">
      <Spinner className="size-7 text-primary" label="Loading" />
    </div>
  );
}

/** The main shell (docs/product.md#shell): header and the Log, History and Tools tabs; the active tab is remembered. */
export function HomePage() {
  const [tab, setTab] = useState<ShellTab>(readActiveTab);
  // The log form stays mounted once opened so a half-filled catch survives a look at the history.
  const [logVisited, setLogVisited] = useState(tab === 'log');
  // Counts the times another screen sent the angler to the form to start a catch: each time, focus goes to its first
  // field (a screen reader would otherwise be left on the button that is no longer shown).
  const [logFormRequests, setLogFormRequests] = useState(0);

  const selectTab = (next: ShellTab) => {
    setTab(next);
    writeActiveTab(next);
    if (next === 'log') setLogVisited(true);
  };
  const startCatch = () => {
    selectTab('log');
    setLogFormRequests((count) => count + 1);
  };

  return (
    // A size container: the header measures the screen in rem (how much text fits), app-header.tsx.
    // Its end padded by the phone's bottom tab bar (shell-tab-list.tsx), so nothing ends up behind it.
    <div className="@container min-h-dvh pb-[calc(4rem+var(--bottom-tabs-height))]">
      <AppHeader onSelectTab={selectTab} />
      <main className="mx-auto max-w-2xl px-4 pt-4">
        <Tabs value={tab} onValueChange={(value) => isShellTab(value) && selectTab(value)}>
          <ShellTabList />
          <TabsContent
            value="log"
            forceMount={logVisited || undefined}
            className="data-[state=inactive]:hidden"
          >
            <ErrorBoundary what="the Log tab">
              <OnDemand source={tabs.log} props={{ focusRequest: logFormRequests }} />
            </ErrorBoundary>
          </TabsContent>
          <TabsContent value="history">
            <ErrorBoundary what="the History tab">
              <OnDemand source={tabs.history} props={{ onLogCatch: startCatch }} />
            </ErrorBoundary>
          </TabsContent>
          <TabsContent value="tools">
            <ErrorBoundary what="the Tools tab">
              <OnDemand source={tabs.tools} props={{}} />
            </ErrorBoundary>
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
