import { LogOut, User as UserIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { UserMenuButton } from '@/components/user-menu-button';
import { useGuardedLogout } from '@/features/account/use-guarded-logout';
import { useAuth } from '@/features/auth/use-auth';

/** The header's user menu (docs/product.md#shell): the username, Profile and Logout ('Logging out...' while pending). */
export function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { user } = useAuth();
  // Logout warns first when catches on this phone have not been sent (docs/product.md#offline, decision 009).
  const [open, setOpen] = useState(defaultOpen);
  const { requestLogout, logoutMutation, warning } = useGuardedLogout({ onWarning: () => setOpen(false) });
  const [, navigate] = useLocation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  if (!user) return null;

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton ref={triggerRef} username={user.username} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={(event) => {
          // The menu may have opened on first use, replacing the stand-in button: focus the real trigger.
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <DropdownMenuLabel className="max-w-60 truncate">{user.username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserIcon aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={logoutMutation.isPending}
          onSelect={(event) => {
            // Keep the menu open so 'Logging out...' shows while the request runs.
            event.preventDefault();
            void requestLogout();
          }}
        >
          <LogOut aria-hidden="true" />
          {logoutMutation.isPending ? 'Logging out...' : 'Logout'}
        </DropdownMenuItem>
      </DropdownMenuContent>
      {warning}
    </DropdownMenu>
  );
}
