import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { Fish, UserCircle, Wrench } from '@/components/shell-icons';
import { Button } from '@/components/ui/button';
import { UserMenuButton } from '@/components/user-menu-button';
import { useAuth } from '@/features/auth/use-auth';
import { type ShellTab, writeActiveTab } from '@/lib/active-tab';
import { loadWhenOnline } from '@/lib/load-when-online';

// The menu (Radix DropdownMenu with its positioning and focus code, ~20 KB gzip) loads on first use,
// keeping it out of the shell's initial JavaScript (decision 023). A look-alike button stands in until then
// (also while offline before the service worker has precached it: never an error).
const loadUserMenu = () => loadWhenOnline(() => import('./user-menu.tsx'));
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));

function HeaderIconButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="text-primary-foreground hover:bg-white/15 hover:text-primary-foreground focus-visible:ring-white focus-visible:ring-offset-primary [&_svg]:size-5"
    >
      {children}
    </Button>
  );
}

function DeferredUserMenu({ username }: { username: string }) {
  const [requested, setRequested] = useState(false);
  const placeholder = (
    <UserMenuButton
      username={username}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={() => setRequested(true)}
    />
  );
  if (!requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenu defaultOpen />
    </Suspense>
  );
}

/**
 * The main shell's header (docs/product.md#shell): home button, tools button (selects the tools tab and goes to /),
 * profile icon, and a user menu with Profile and Logout.
 */
export function AppHeader({ onSelectTab }: { onSelectTab?: (tab: ShellTab) => void }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();

  const goToTab = (tab: ShellTab) => {
    writeActiveTab(tab);
    onSelectTab?.(tab);
    navigate('/');
  };

  return (
    // With large text (under 20rem of screen, e.g. 200 % on a phone) the header takes two or three rows and scrolls
    // away with the page instead of keeping a third of the screen (WCAG 1.4.10); home.tsx is the size container.
    <header className="sticky top-0 z-30 bg-primary pt-[env(safe-area-inset-top)] text-primary-foreground shadow-md @max-xs:static">
      {/* min-h, wrapping: with large text the buttons go to a second row rather than off the screen. */}
      <div className="mx-auto flex min-h-14 max-w-2xl flex-wrap items-center gap-1 px-2">
        <HeaderIconButton label="Home" onClick={() => goToTab('log')}>
          <Fish aria-hidden="true" />
        </HeaderIconButton>
        <h1 className="mr-auto text-lg font-bold tracking-tight">Tightlines</h1>
        <HeaderIconButton label="Tools" onClick={() => goToTab('tools')}>
          <Wrench aria-hidden="true" />
        </HeaderIconButton>
        <HeaderIconButton label="Profile" onClick={() => navigate(user ? '/profile' : '/auth')}>
          <UserCircle aria-hidden="true" />
        </HeaderIconButton>
        {user ? <DeferredUserMenu username={user.username} /> : null}
      </div>
    </header>
  );
}
