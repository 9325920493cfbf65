import { Fish, Lock, LogIn } from 'lucide-react';
import { useLocation } from 'wouter';
import { createCatch } from '@/api/sync-endpoints';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/features/auth/use-auth';
import { toast } from '@/hooks/use-toast';
import { StaticPageLayout } from '@/routes/pages/static-page-layout';
import {
  SampleCatchNotice,
  TEST_CATCH_POSITION,
  TestCatchForm,
  type TestCatchValues,
  testCatchBody,
  useSaveTestCatch,
} from './test-catch.tsx';

/**
 * /simple-catch (docs/product.md#test-pages): a test catch form that requires login on the client. It sends userId,
 * fishType, weight, length, locationName and fixed coordinates to POST /api/catches (the server ignores userId
 * and uses the session), marked as a test catch, toasts 'Catch saved!' and goes to /logs.
 */
export function SimpleCatchPage() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const save = useSaveTestCatch(createCatch);

  if (isLoading) return <PageSpinner />;

  const onSubmit = (values: TestCatchValues) => {
    if (!user) return;
    save.mutate(
      { userId: user.id, ...testCatchBody(values), ...TEST_CATCH_POSITION },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Catch saved!',
            description: `${saved.fishType} was added to your log as a test catch.`,
          });
          navigate('/logs');
        },
      },
    );
  };

  return (
    <StaticPageLayout
      title="Simple Catch Form"
      eyebrow="Test page"
      icon={Fish}
      description="Saves a sample catch into your log through POST /api/catches, with fixed coordinates."
    >
      {user ? (
        <Card>
          <CardHeader>
            <CardTitle>Log a test catch</CardTitle>
            <CardDescription>
              Saved as {user.username} at {TEST_CATCH_POSITION.latitude}, {TEST_CATCH_POSITION.longitude}.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SampleCatchNotice />
            <TestCatchForm
              name="Simple catch form"
              saving={save.isPending}
              submitLabel="Save Catch"
              onSubmit={onSubmit}
            />
          </CardContent>
        </Card>
      ) : (
        <Card className="text-center">
          <CardHeader className="items-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Lock aria-hidden="true" className="size-6" />
            </span>
            <CardTitle>Authentication Required</CardTitle>
            <CardDescription>Please log in to save catches.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => navigate('/auth')}>
              <LogIn aria-hidden="true" />
              Go to Login
            </Button>
          </CardContent>
        </Card>
      )}
    </StaticPageLayout>
  );
}
