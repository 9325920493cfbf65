import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A <label>. Like the Radix Label it replaces (decision 023: Radix's Primitive and Slot came with it into the Log
 * tab's first load), a double click on it does not select its text.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: every caller passes htmlFor or wraps its control.
    <label
      className={cn(
        'text-sm font-medium leading-none text-foreground peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
