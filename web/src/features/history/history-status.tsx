import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';

// What History shows instead of its catches while they load or when they could not be loaded: shared by the list,
// the map and the stats views.

export function LoadFailed() {
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
    >
      Failed to load catches. Please try again later.
    </p>
  );
}

export function ViewSpinner() {
  return (
    <div className="flex justify-center py-12">
      <Spinner className="size-7 text-primary" label="Loading" />
    </div>
  );
}

export function CatchCardSkeleton() {
  return (
    <div className="flex gap-3 rounded-xl border border-border bg-card p-3 shadow-sm">
      <Skeleton className="h-32 w-28 shrink-0 rounded-lg" />
      <div className="flex flex-1 flex-col gap-2 py-1">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-16 rounded-full" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-3 w-3/5" />
      </div>
    </div>
  );
}
