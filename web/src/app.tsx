import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { errorMessage } from '@/api/http';
import { ErrorBoundary } from '@/components/error-boundary';
import { OfflineBanner } from '@/components/offline-banner';
import { PageSpinner } from '@/components/page-spinner';
import { ScreenReady } from '@/components/screen-ready';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/use-auth';
import { type ShellTab, writeActiveTab } from '@/lib/active-tab';
import { type HistoryView, isHistoryView, writeHistoryView } from '@/lib/history-view';
import { queryClient, queryKeys } from '@/lib/query-client';
import { HomePage } from '@/routes/home';
import type { TestPagePath } from '@/routes/test-pages/test-page-routes';

// Only the signed-in shell is in the first bundle (decision 023: ≤ 100 KB gzip); every other screen loads on demand.
// /auth brings react-hook-form and zod (~35 KB gzip), so it is split off too, but its code is requested at once
// when the page opens on /auth, in parallel with the user query, so the form still shows quickly.
const loadAuthPage = () => import('@/features/auth/auth-page');
if (typeof window !== 'undefined' && window.location.pathname === '/auth') void loadAuthPage();
const AuthPage = lazy(() => loadAuthPage().then((m) => ({ default: m.AuthPage })));
const ProfilePage = lazy(() => import('@/routes/profile-page').then((m) => ({ default: m.ProfilePage })));
const NotFound = lazy(() => import('@/routes/not-found').then((m) => ({ default: m.NotFound })));

// The public pages (docs/product.md#static-pages): each its own chunk, none in the shell's first bundle.
const PrivacyPolicyPage = lazy(() =>
  import('@/routes/pages/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('@/routes/pages/terms-of-service-page').then((m) => ({ default: m.TermsOfServicePage })),
);
const SupportPage = lazy(() =>
  import('@/routes/pages/support-page').then((m) => ({ default: m.SupportPage })),
);
const DownloadPage = lazy(() =>
  import('@/routes/pages/download-page').then((m) => ({ default: m.DownloadPage })),
);
const DomainSetupPage = lazy(() =>
  import('@/routes/pages/domain-setup-page').then((m) => ({ default: m.DomainSetupPage })),
);
// The test pages: one chunk for the five (routes/test-pages/test-page-routes.tsx).
const TestPageRoutes = lazy(() =>
  import('@/routes/test-pages/test-page-routes').then((m) => ({ default: m.TestPageRoutes })),
);
/** Their paths, here so that the shell's first bundle need not hold the pages to route them. */
const TEST_PAGE_PATHS = [
  '/basic-photo-upload',
  '/photo-upload',
  '/simple-catch',
  '/emergency-catch',
  '/final-fix',
] as const satisfies readonly TestPagePath[];

function UserCheckFailed({ message }: { message: string }) {
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void queryClient.refetchQueries({ queryKey: queryKeys.user }).finally(() => setRetrying(false));
  };
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">Can't reach Tightlines</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        We couldn't check your account. Please check your connection and try again. ({message})
      </p>
      <Button onClick={retry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </main>
  );
}

/**
 * Renders its children only for a signed-in user (docs/product.md#routes): a spinner while the user
 * query loads, a redirect to /auth when nobody is signed in.
 */
function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading, error, isWaitingForNetwork } = useAuth();
  if (isLoading) return <PageSpinner />;
  // A user kept from the last visit (offline/query-restore.ts) opens the shell even when the check fails
  // offline. With none, the server could not be asked (offline, server down): signing in again would not help.
  if (!user && error) return <UserCheckFailed message={errorMessage(error)} />;
  if (!user && isWaitingForNetwork) return <UserCheckFailed message="You're offline" />;
  if (!user) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}

/**
 * /tools and /logs (linked from the test pages), /logs/map and /logs/stats: remember the tab (and History's view),
 * then open the main shell on it. Written before the sign-in check, so a signed-out angler lands on it after
 * logging in.
 */
function ShellTabRoute({ tab, view }: { tab: ShellTab; view?: HistoryView }) {
  writeActiveTab(tab);
  if (view) writeHistoryView(view);
  return <Redirect to="/" replace />;
}

/** /auth is public; a signed-in visitor goes to /. The form shows at once, without waiting for the user query. */
function PublicOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user) return <Redirect to="/" replace />;
  return <>{children}</>;
}

/** Every route but the shell is one lazily loaded screen: it is on display once this mounts beside it. */
function RouteScreenReady() {
  const [location] = useLocation();
  return location === '/' ? null : <ScreenReady />;
}

export function App() {
  return (
    <>
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            <Route path="/">
              <RequireUser>
                <HomePage />
              </RequireUser>
            </Route>
            <Route path="/auth">
              <PublicOnly>
                <AuthPage />
              </PublicOnly>
            </Route>
            <Route path="/profile">
              <RequireUser>
                <ProfilePage />
              </RequireUser>
            </Route>

            {/* Public pages (docs/product.md#routes); /simple-catch checks the login itself. */}
            <Route path="/privacy-policy" component={PrivacyPolicyPage} />
            <Route path="/terms-of-service" component={TermsOfServicePage} />
            <Route path="/support" component={SupportPage} />
            <Route path="/download" component={DownloadPage} />
            <Route path="/domain-setup" component={DomainSetupPage} />
            {TEST_PAGE_PATHS.map((path) => (
              <Route key={path} path={path} component={TestPageRoutes} />
            ))}
            {/* The main shell on its Tools or History tab. */}
            <Route path="/tools">
              <ShellTabRoute tab="tools" />
            </Route>
            <Route path="/logs">
              <ShellTabRoute tab="history" />
            </Route>
            <Route path="/logs/:view">
              {({ view }) =>
                isHistoryView(view) ? <ShellTabRoute tab="history" view={view} /> : <NotFound />
              }
            </Route>

            <Route>
              <NotFound />
            </Route>
          </Switch>
          {/* The shell marks itself ready once its tab is on screen (home.tsx); other routes here. */}
          <RouteScreenReady />
        </Suspense>
      </ErrorBoundary>
      <OfflineBanner />
    </>
  );
}
