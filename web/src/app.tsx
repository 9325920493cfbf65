import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { OfflineBanner } from '@/components/offline-banner';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { errorMessage } from '@/lib/api';
import { queryClient, queryKeys } from '@/lib/query-client';
import { HomePage } from '@/routes/home';

// Only the signed-in shell is in the first bundle (DESIGN §7: ≤ 150 KB gzip); every other screen loads on demand.
// /auth brings react-hook-form and zod (~35 KB gzip), so it is split off too, but its code is requested at once
// when the page opens on /auth, in parallel with the user query, so the form still shows quickly.
const loadAuthPage = () => import('@/routes/auth-page');
if (typeof window !== 'undefined' && window.location.pathname === '/auth') void loadAuthPage();
const AuthPage = lazy(() => loadAuthPage().then((m) => ({ default: m.AuthPage })));
const ProfilePage = lazy(() => import('@/routes/profile-page').then((m) => ({ default: m.ProfilePage })));
const NotFound = lazy(() => import('@/routes/not-found').then((m) => ({ default: m.NotFound })));

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
 * Renders its children only for a signed-in user (DESIGN §4 refines SPEC §6): a spinner while the user
 * query loads, a redirect to /auth when nobody is signed in.
 */
function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading, error } = useAuth();
  if (isLoading) return <PageSpinner />;
  // The server could not be asked (offline, server down): signing in again would not help, so offer a retry.
  if (!user && error) return <UserCheckFailed message={errorMessage(error)} />;
  if (!user) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}

/** /auth is public; a signed-in visitor goes to /. The form shows at once, without waiting for the user query. */
function PublicOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user) return <Redirect to="/" replace />;
  return <>{children}</>;
}

export function App() {
  return (
    <>
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

          {/*
           * Issue #4 adds the public pages here, each lazily loaded like ProfilePage above:
           * /privacy-policy, /terms-of-service, /support, /download, /domain-setup,
           * the test pages /basic-photo-upload, /photo-upload, /simple-catch, /emergency-catch, /final-fix,
           * and the /tools and /logs routes the test pages link to.
           */}

          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
      <OfflineBanner />
    </>
  );
}
