import { Loader2 } from '@/components/shell-icons';
import { cn } from '@/lib/cn';

/** A spinning loader. With a `label` it is announced to screen readers; without one it is decorative. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn('size-5 animate-spin', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
