import { Spinner } from '@/components/ui/spinner';

/** A full-height centred spinner, shown while the signed-in user or a lazy screen loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8 text-primary" label={label} />
    </div>
  );
}
