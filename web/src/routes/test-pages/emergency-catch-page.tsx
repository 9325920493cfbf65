import { CircleCheck, List, Plus, Siren } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Catch } from '#core/catch.ts';
import { createEmergencyCatch } from '@/api/page-endpoints';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { StaticPageLayout } from '@/routes/pages/static-page-layout';
import {
  CatchRecord,
  SampleCatchNotice,
  TestCatchForm,
  type TestCatchValues,
  testCatchBody,
  useSaveTestCatch,
} from './test-catch.tsx';

/**
 * /emergency-catch (docs/product.md#test-pages): no login check on the client. Sends fishType, weight, length and
 * locationName to POST /api/emergency-catch, marked as a test catch, and shows the returned record, then offers
 * 'Add Another Catch' or 'View All Catches' (/logs). The server still requires a session: signed out, the save
 * gets the 'Authentication Required' toast and goes to /auth.
 */
export function EmergencyCatchPage() {
  const save = useSaveTestCatch(createEmergencyCatch);
  const [saved, setSaved] = useState<Catch | null>(null);
  // A new key gives a fresh form with the test defaults for 'Add Another Catch'.
  const [formKey, setFormKey] = useState(0);

  const onSubmit = (values: TestCatchValues) => {
    save.mutate(testCatchBody(values), {
      onSuccess: (record) => {
        setSaved(record);
        toast({ title: 'Success!', description: `Test catch #${record.id} saved.` });
      },
    });
  };

  const addAnother = () => {
    setSaved(null);
    setFormKey((key) => key + 1);
  };

  return (
    <StaticPageLayout
      title="Emergency Catch Form"
      eyebrow="Test page"
      icon={Siren}
      description="Saves a sample catch into your log through POST /api/emergency-catch and shows the server's answer."
    >
      {saved ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-success">
              <CircleCheck aria-hidden="true" className="size-5" />
              Catch Saved
            </CardTitle>
            <CardDescription>The server returned this record.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <CatchRecord record={saved} title="Saved catch" />
            <div className="grid gap-2 sm:grid-cols-2">
              <Button onClick={addAnother}>
                <Plus aria-hidden="true" />
                Add Another Catch
              </Button>
              <Link href="/logs" className={buttonVariants({ variant: 'outline' })}>
                <List aria-hidden="true" />
                View All Catches
              </Link>
            </div>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Log a catch</CardTitle>
            <CardDescription>All four fields are required.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SampleCatchNotice />
            <TestCatchForm
              key={formKey}
              name="Emergency catch form"
              saving={save.isPending}
              submitLabel="Save Catch"
              onSubmit={onSubmit}
            />
          </CardContent>
        </Card>
      )}
    </StaticPageLayout>
  );
}
