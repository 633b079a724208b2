import { ChevronDownIcon, ZapIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { useAuthDialog } from '@/features/auth/auth-dialog-context.ts';
import { preloadAuthDialog } from '@/features/auth/components/auth-dialog-provider.tsx';
import { useSignOutAction } from '@/features/auth/hooks/use-sign-out-action.ts';
import { useAuth } from '@/hooks/use-auth.ts';
import { cn } from '@/lib/utils.ts';
import { AccountMenu } from './account-menu.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { HeaderLink } from './header-link.tsx';
import { HEADER_LINKS, type NavLink as NavLinkItem } from './nav-links.ts';
import { OnFirstUse } from './on-first-use.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

const loadMoreMenu = () => import('./header-more-menu.tsx');
// Signed-in only: kept out of the landing chunk.
const NotificationBell = lazy(async () => ({ default: (await import('@/features/notifications/components/notification-bell.tsx')).NotificationBell }));
const MoreMenu = lazy(async () => ({ default: (await loadMoreMenu()).MoreMenu }));

/** The header turns compact once the page has scrolled more than 10 px (01-core §2, §9). */
const COMPACT_AFTER_PX = 10;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}

const INLINE_VISIBILITY: Record<NavLinkItem['priority'], string> = {
  1: 'inline-flex',
  2: 'hidden lg:inline-flex',
  3: 'hidden 2xl:inline-flex',
};
const MORE_VISIBILITY: Record<NavLinkItem['priority'], string> = {
  1: 'hidden',
  2: 'lg:hidden',
  3: '2xl:hidden',
};

const linkClass =
  'items-center rounded-md px-2.5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none';

function AuthButtons() {
  const { isLoading, isAuthenticated } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const { signOut, isPending } = useSignOutAction();
  if (isLoading) return <div className="h-9 w-24" aria-hidden />;
  if (isAuthenticated) {
    return (
      <div className="flex items-center gap-2">
        <Suspense fallback={<span className="size-11 md:size-9" aria-hidden />}>
          <NotificationBell />
        </Suspense>
        <div className="hidden md:block">
          <AccountMenu />
        </div>
        <Button variant="outline" size="sm" className="hidden md:inline-flex" disabled={isPending} onClick={() => void signOut()}>
          Sign Out
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1.5">
      <Button variant="ghost" size="sm" onPointerEnter={preloadAuthDialog} onFocus={preloadAuthDialog} onClick={() => openAuthDialog('signin')}>
        Sign In
      </Button>
      <Button
        size="sm"
        className="hidden sm:inline-flex"
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
        onClick={() => openAuthDialog('signup')}
      >
        Sign Up
      </Button>
    </div>
  );
}

function moreButton(onClick?: () => void) {
  return (
    <Button variant="ghost" size="sm" className="text-muted-foreground 2xl:hidden" onClick={onClick} onPointerEnter={onClick ? () => void loadMoreMenu() : undefined}>
      More
      <ChevronDownIcon aria-hidden />
    </Button>
  );
}

export function Header() {
  const compact = useScrolledPast(COMPACT_AFTER_PX);
  const moreLinks = HEADER_LINKS.filter((l) => l.priority > 1);
  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b bg-background/95 backdrop-blur transition-[height,box-shadow] duration-200 ease-out',
        compact ? 'h-14 shadow-md' : 'h-16',
      )}
      data-compact={compact || undefined}
    >
      <div className="mx-auto flex h-full max-w-[1200px] items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="mr-2 inline-flex min-h-11 items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          aria-label="Wattwise home"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <ZapIcon className="size-4" aria-hidden />
          </span>
          <span className="text-lg">Wattwise</span>
        </Link>

        <nav aria-label="Main" className="hidden flex-1 items-center md:flex">
          {HEADER_LINKS.map((link) => (
            <HeaderLink key={link.to} link={link} className={cn(linkClass, INLINE_VISIBILITY[link.priority])} />
          ))}
          <OnFirstUse placeholder={moreButton}>
            <MoreMenu trigger={moreButton()} links={moreLinks} visibility={MORE_VISIBILITY} />
          </OnFirstUse>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          {/* Under 768 px the theme choice is in the menu sheet: the header fits 320 px. */}
          <div className="hidden md:block">
            <ThemeToggle />
          </div>
          <AuthButtons />
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
