import { type LucideIcon, MapPinOff, RefreshCw } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The on-screen message (docs/product.md#weather) when a card cannot have the position. */
const LOCATION_NEEDED_TITLE = 'Location Access Needed';

/** A centred message with an icon, a title, an optional text and an optional action (prompts and errors). */
export function StatusMessage({
  icon: Icon,
  title,
  children,
  action,
  tone = 'default',
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  tone?: 'default' | 'error';
}) {
  return (
    <div className="flex flex-col items-center gap-2 py-2 text-center">
      <Icon
        aria-hidden="true"
        className={cn('size-9', tone === 'error' ? 'text-destructive' : 'text-primary')}
      />
      <p className="font-semibold">{title}</p>
      {children ? <div className="max-w-xs text-sm text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-1">{action}</div> : null}
    </div>
  );
}

/** A small pill label. */
export function Pill({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3.5',
        className,
      )}
      {...props}
    />
  );
}

/** The position could not be had (docs/product.md#weather): the reason, and a way to ask again. */
export function LocationNeeded({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  return (
    <StatusMessage
      icon={MapPinOff}
      tone="error"
      title={LOCATION_NEEDED_TITLE}
      action={
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try Again
        </Button>
      }
    >
      {reason}
    </StatusMessage>
  );
}
