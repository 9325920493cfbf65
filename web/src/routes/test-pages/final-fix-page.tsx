import { List, Save, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Catch } from '#core/catch.ts';
import { createCatch } from '@/api/sync-endpoints';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/use-auth';
import { toast } from '@/hooks/use-toast';
import { StaticPageLayout } from '@/routes/pages/static-page-layout';
import {
  CatchRecord,
  SampleCatchNotice,
  TEST_CATCH_DEFAULTS,
  TEST_CATCH_POSITION,
  testCatchBody,
  useSaveTestCatch,
} from './test-catch.tsx';

/**
 * /final-fix (docs/product.md#test-pages): one button that saves a fixed sample catch straight to POST /api/catches, marked
 * as a test catch, and the current user id ('Not signed in' when nobody is). A signed-out save is refused by the
 * server and gets the 'Authentication Required' toast, then /auth.
 */
export function FinalFixPage() {
  const { user, isLoading } = useAuth();
  const save = useSaveTestCatch(createCatch);
  const [saved, setSaved] = useState<Catch | null>(null);

  const saveDirectly = () => {
    save.mutate(
      { userId: user?.id ?? null, ...testCatchBody(TEST_CATCH_DEFAULTS), ...TEST_CATCH_POSITION },
      {
        onSuccess: (record) => {
          setSaved(record);
          toast({ title: 'Success!', description: `Test catch #${record.id} saved.` });
        },
      },
    );
  };

  return (
    <StaticPageLayout
      title="Direct Save Test"
      eyebrow="Test page"
      icon={Wrench}
      description="Saves a sample catch into your log with one tap, to check the whole save path."
    >
      <div className="grid gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Current user</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm">
              <dt className="text-muted-foreground">User ID</dt>
              <dd className="font-semibold" data-testid="current-user-id">
                {isLoading ? 'Checking...' : user ? user.id : 'Not signed in'}
              </dd>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Direct save</CardTitle>
            <CardDescription>
              Saves {TEST_CATCH_DEFAULTS.fishType}, {TEST_CATCH_DEFAULTS.weight} lbs,{' '}
              {TEST_CATCH_DEFAULTS.length} in, at {TEST_CATCH_DEFAULTS.locationName}.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SampleCatchNotice />
            <Button onClick={saveDirectly} disabled={save.isPending} className="w-full">
              {save.isPending ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
              {save.isPending ? 'Saving...' : 'Save Test Catch'}
            </Button>
            {saved ? <CatchRecord record={saved} title="Saved catch" /> : null}
            <Link href="/logs" className={buttonVariants({ variant: 'outline' })}>
              <List aria-hidden="true" />
              View All Catches
            </Link>
          </CardContent>
        </Card>
      </div>
    </StaticPageLayout>
  );
}
