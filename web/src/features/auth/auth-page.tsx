import '@/lib/zod-config';
import { zodResolver } from '@hookform/resolvers/zod';
import { CloudSun, Compass, Fish, Lock, MapPin, WifiOff } from 'lucide-react';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { useHistoryState } from 'wouter/use-browser-location';
import { type LoginForm, loginFormSchema, type RegisterForm, registerFormSchema } from '#core/user.ts';
import { ApiError } from '@/api/http';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { noConnectionMessage, useSignIn } from '@/features/auth/use-sign-in';
import { isAccountDeletedState } from './account-deleted.ts';

/** Puts the server's per-field messages (400 `errors`, 409 'Username already taken') under the fields. */
function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError)) return;
  const fields = ['username', 'password'] as const;
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) setError(field as Path<T>, { type: 'server', message });
  }
  if (error.code === 'USERNAME_TAKEN')
    setError('username' as Path<T>, { type: 'server', message: error.serverMessage });
}

/** Why the last attempt could not reach the server, under the button (see noConnectionMessage). */
function NoConnection({ error }: { error: unknown }) {
  const message = noConnectionMessage(error);
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

function LoginTab() {
  const { loginMutation } = useSignIn();
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    loginMutation.mutate(values, { onError: (error) => showServerFieldErrors(error, form.setError) });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id="login-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? (
          <>
            <Spinner className="size-4" /> Logging in...
          </>
        ) : (
          'Login'
        )}
      </Button>
      <NoConnection error={loginMutation.error} />
    </form>
  );
}

function RegisterTab() {
  const { registerMutation } = useSignIn();
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values: RegisterForm) => {
    registerMutation.mutate(
      { username: values.username, password: values.password },
      { onError: (error) => showServerFieldErrors(error, form.setError) },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        id="register-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? (
          <>
            <Spinner className="size-4" /> Creating account...
          </>
        ) : (
          'Register'
        )}
      </Button>
      <NoConnection error={registerMutation.error} />
    </form>
  );
}

const FEATURES = [
  { icon: Fish, title: 'Log catch info', text: 'Species, size, weight, photos, conditions and notes' },
  { icon: MapPin, title: 'Track locations with GPS', text: 'Remember exactly where every fish was caught' },
  { icon: CloudSun, title: 'Real-time weather', text: 'Conditions, pressure and gear tips for your spot' },
  { icon: Compass, title: 'Compass', text: 'Find your heading on the water' },
  { icon: WifiOff, title: 'Works offline', text: 'Log catches anywhere; they sync when you are back online' },
];

function MarketingPanel() {
  return (
    <section
      aria-labelledby="pro-features-heading"
      className="rounded-xl bg-gradient-to-br from-primary to-[#083f52] p-6 text-primary-foreground shadow-md"
    >
      <p className="text-xs font-semibold uppercase tracking-widest text-cyan-100">Tightlines Pro</p>
      <h2 id="pro-features-heading" className="mt-1 text-xl font-bold">
        The complete fishing companion
      </h2>
      <p className="mt-1 text-sm text-cyan-50">Everything you need to log, plan and improve every trip.</p>
      <ul className="mt-5 grid gap-4">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/15">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-cyan-50">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /auth: Login and Register tabs, the Pro feature panel and the privacy line (docs/product.md#sign-in). */
export function AuthPage() {
  const accountDeleted = isAccountDeletedState(useHistoryState());
  return (
    <div className="min-h-dvh px-4 py-8">
      <main className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2 md:items-start">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <div className="flex flex-wrap items-center gap-3">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-md">
              <Fish aria-hidden="true" className="size-7" />
            </span>
            <div>
              <h1 className="text-2xl font-bold tracking-tight">Tightlines</h1>
              <p className="text-sm text-muted-foreground">Your personal fishing log</p>
            </div>
          </div>
          {accountDeleted ? (
            <p
              role="status"
              className="rounded-lg border border-border bg-muted px-4 py-3 text-sm font-medium"
            >
              Your account was deleted
            </p>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle>Welcome, angler</CardTitle>
              <CardDescription>Sign in or create an account to start logging your catches.</CardDescription>
            </CardHeader>
            <CardContent>
              <Tabs defaultValue="login">
                <TabsList>
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="register">Register</TabsTrigger>
                </TabsList>
                <TabsContent value="login" className="mt-5">
                  <LoginTab />
                </TabsContent>
                <TabsContent value="register" className="mt-5">
                  <RegisterTab />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
        </div>
        <MarketingPanel />
      </main>
      <footer className="mx-auto mt-8 flex max-w-4xl items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        <span>Your fishing data is private and visible only to you.</span>
      </footer>
    </div>
  );
}
