import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ChevronDown } from './shell-icons.tsx';

/** The username button that opens the user menu, on the header's blue background. */
export function UserMenuButton({
  username,
  className,
  ...props
}: ComponentProps<'button'> & { username: string }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn(
        'max-w-32 gap-1 px-2 text-primary-foreground hover:bg-white/15 hover:text-primary-foreground focus-visible:ring-white focus-visible:ring-offset-primary',
        className,
      )}
      {...props}
    >
      <span className="truncate">{username}</span>
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}
