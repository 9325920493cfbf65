import { useMutation } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { Catch } from '#core/catch.ts';
import { ApiError, errorMessage } from '@/api/http';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { queryClient, queryKeys } from '@/lib/query-client';

/**
 * What the test catch pages (/simple-catch, /emergency-catch, /final-fix) share: the form with the test
 * defaults and minimums, the save with its toasts (all in docs/product.md#test-pages), and the notice that the page saves a
 * sample catch. The server decides the owner from the session and refuses a signed-out save (docs/product.md#catch): such a
 * save shows 'Authentication Required' and goes to /auth; it never creates an anonymous catch. Every catch these
 * pages save is marked as a test catch (docs/decisions/028-test-catches.md): History labels it, Stats and personal
 * bests leave it out.
 */

export interface TestCatchValues {
  fishType: string;
  weight: string;
  length: string;
  locationName: string;
}

export type TestCatchErrors = Partial<Record<keyof TestCatchValues, string>>;

/** Test defaults (docs/product.md#test-pages): fish type Bass, weight 2.5, length 14. */
export const TEST_CATCH_DEFAULTS: TestCatchValues = {
  fishType: 'Bass',
  weight: '2.5',
  length: '14',
  locationName: 'Lake Tahoe',
};

/** The fixed coordinates the simple test form sends (docs/product.md#test-pages): Lake Tahoe, matching the default location. */
export const TEST_CATCH_POSITION = { latitude: 39.0968, longitude: -120.0324 } as const;

/** Test form minimums (docs/product.md#test-pages). */
const TEST_WEIGHT_MIN = 0.1;
const TEST_LENGTH_MIN = 1;

function numberError(label: string, raw: string, min: number): string | undefined {
  if (raw.trim() === '') return `${label} is required`;
  const value = Number(raw);
  if (!Number.isFinite(value)) return `${label} must be a number`;
  if (value < min) return `${label} must be at least ${min}`;
  return undefined;
}

/** docs/product.md#test-pages: fish type, location, weight (min 0.1) and length (min 1) are required. */
function validateTestCatch(values: TestCatchValues): TestCatchErrors {
  const errors: TestCatchErrors = {};
  if (!values.fishType.trim()) errors.fishType = 'Fish type is required';
  if (!values.locationName.trim()) errors.locationName = 'Location is required';
  const weight = numberError('Weight', values.weight, TEST_WEIGHT_MIN);
  if (weight) errors.weight = weight;
  const length = numberError('Length', values.length, TEST_LENGTH_MIN);
  if (length) errors.length = length;
  return errors;
}

/**
 * The emergency payload (docs/api.md): fishType, weight, length, locationName; and the mark that makes the catch a
 * test catch, so it never counts as the angler's fishing.
 */
export function testCatchBody(values: TestCatchValues) {
  return {
    fishType: values.fishType.trim(),
    weight: Number(values.weight),
    length: Number(values.length),
    locationName: values.locationName.trim(),
    isTestCatch: true,
  };
}

/** Says plainly, before anything is saved, what a test page's save does to the angler's log. */
export function SampleCatchNotice() {
  return (
    <p
      data-testid="sample-catch-notice"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        This page saves a sample catch into your log. History labels it as a test catch, and your stats and
        personal bests leave it out. Delete it in History when you no longer need it.
      </span>
    </p>
  );
}

/** Shows the save-failure toasts of docs/product.md#test-pages; a 401 also forgets the cached user and goes to /auth. */
function useShowSaveError() {
  const [, navigate] = useLocation();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      toast({
        title: 'Authentication Required',
        description: 'You must be logged in to save catches',
        variant: 'destructive',
      });
      // Forget the stale user, or /auth would send the angler straight back to /.
      queryClient.setQueryData(queryKeys.user, null);
      navigate('/auth');
      return;
    }
    toast({
      title: 'Error Saving Catch',
      description:
        error instanceof ApiError
          ? `Server error: ${error.status} - ${error.serverMessage}`
          : errorMessage(error, 'Something went wrong'),
      variant: 'destructive',
    });
  };
}

/** Saves a test catch with `save` (an endpoint of api/sync-endpoints.ts or page-endpoints.ts); on success refreshes the catch list; failures get the toasts of docs/product.md#test-pages. */
export function useSaveTestCatch(save: (body: Record<string, unknown>) => Promise<Catch>) {
  const showSaveError = useShowSaveError();
  return useMutation({
    mutationFn: save,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.catches });
    },
    onError: showSaveError,
  });
}

/** The test catch form: four required fields with the test defaults, checked on submit. */
export function TestCatchForm({
  name,
  saving,
  submitLabel,
  onSubmit,
}: {
  /** The form's accessible name. */
  name: string;
  saving: boolean;
  submitLabel: string;
  onSubmit: (values: TestCatchValues) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<TestCatchValues>(TEST_CATCH_DEFAULTS);
  const [errors, setErrors] = useState<TestCatchErrors>({});

  const field = (key: keyof TestCatchValues) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [key]: value }));
      if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateTestCatch(values);
    setErrors(found);
    const firstInvalid = (Object.keys(found) as (keyof TestCatchValues)[])[0];
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    onSubmit(values);
  };

  return (
    <form aria-label={name} noValidate onSubmit={handleSubmit} className="grid gap-4">
      <FormField id={`${id}-fishType`} label="Fish Type" autoComplete="off" required {...field('fishType')} />
      <div className="grid grid-cols-2 gap-4">
        <FormField
          id={`${id}-weight`}
          label="Weight (lbs)"
          type="number"
          inputMode="decimal"
          step="0.1"
          min={TEST_WEIGHT_MIN}
          required
          {...field('weight')}
        />
        <FormField
          id={`${id}-length`}
          label="Length (inches)"
          type="number"
          inputMode="decimal"
          step="0.1"
          min={TEST_LENGTH_MIN}
          required
          {...field('length')}
        />
      </div>
      <FormField
        id={`${id}-locationName`}
        label="Location"
        autoComplete="off"
        required
        {...field('locationName')}
      />
      <Button type="submit" className="w-full" disabled={saving}>
        {saving ? <Spinner className="size-4" /> : null}
        {saving ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}

/** A saved catch as the server returned it (docs/product.md#test-pages: the record shown as returned). */
export function CatchRecord({ record, title }: { record: Catch; title: string }) {
  return (
    <section aria-label={title} className="grid gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-border bg-card p-4 text-sm">
        <dt className="text-muted-foreground">Catch ID</dt>
        <dd className="font-medium">#{record.id}</dd>
        <dt className="text-muted-foreground">Fish Type</dt>
        <dd className="font-medium">{record.fishType}</dd>
        <dt className="text-muted-foreground">Weight</dt>
        <dd className="font-medium">{record.weight === null ? '—' : `${record.weight} lbs`}</dd>
        <dt className="text-muted-foreground">Length</dt>
        <dd className="font-medium">{record.length === null ? '—' : `${record.length} in`}</dd>
        <dt className="text-muted-foreground">Location</dt>
        <dd className="font-medium">{record.locationName ?? '—'}</dd>
      </dl>
      <details className="rounded-lg border border-border bg-card text-sm">
        <summary className="cursor-pointer px-4 py-2 font-medium">Server response (JSON)</summary>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          className="overflow-x-auto border-t border-border p-4 text-xs"
        >
          {JSON.stringify(record, null, 2)}
        </pre>
      </details>
    </section>
  );
}
