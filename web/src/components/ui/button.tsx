import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'default' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'default' | 'sm' | 'icon';

const variantClasses: Record<ButtonVariant, string> = {
  default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
  outline:
    'border border-input bg-card text-foreground shadow-sm hover:bg-accent hover:text-accent-foreground',
  ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
};

// Every size is at least 44 × 44 px, a target a thumb can hit (WCAG 2.5.5; decision 007): 'sm' is only narrower.
const sizeClasses: Record<ButtonSize, string> = {
  default: 'min-h-11 px-4 py-2',
  sm: 'min-h-11 rounded-md px-3 py-1 text-sm',
  icon: 'size-11',
};

/** The classes of a button, for links that should look like one. */
export function buttonVariants({
  variant = 'default',
  size = 'default',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(
    // A label too long for the width (large text) wraps, a word longer than the button breaks, and the button
    // grows taller: min-h, not h (WCAG 1.4.10).
    'inline-flex items-center justify-center gap-2 rounded-md text-center text-sm font-medium [overflow-wrap:anywhere] transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
    variantClasses[variant],
    sizeClasses[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A <button> (type="button" unless told). A link that should look like one uses buttonVariants: no Radix Slot in the shell. */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button type={type ?? 'button'} className={buttonVariants({ variant, size, className })} {...props} />
  );
}
