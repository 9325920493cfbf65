import type { ReactNode } from 'react';

/**
 * A list of names and values in the details dialog. Inside an `@container` box: each name beside its value while
 * 16rem fits, above it with large text (docs/decisions/040-large-text-reflow.md). A long name ('Solunar periods
 * (folklore)') wraps within 9rem rather than squeezing the values into a narrow column.
 */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm @[16rem]:grid-cols-[fit-content(9rem)_1fr]">
      {children}
    </dl>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </>
  );
}
