import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet.tsx';
import { useAuthDialog } from '@/features/auth/auth-dialog-context.ts';
import { useSignOutAction } from '@/features/auth/hooks/use-sign-out-action.ts';
import { useAuth } from '@/hooks/use-auth.ts';
import { HeaderLink } from './header-link.tsx';
import { accountMenuGroups, HEADER_LINKS } from './nav-links.ts';
import { ThemeToggle } from './theme-toggle.tsx';

/** Under 768 px the header links live in a slide-in side sheet (01-core §2); loaded on the menu button's first press. */
export function MobileNavSheet({
  open,
  setOpen,
  returnFocusTo,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { isAuthenticated, isAdmin, user } = useAuth();
  const groups = isAuthenticated ? accountMenuGroups(isAdmin) : [];
  const { openAuthDialog } = useAuthDialog();
  const { signOut } = useSignOutAction();
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent
        side="right"
        className="overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="-mx-2 flex flex-col">
          {HEADER_LINKS.map((link) => (
            <HeaderLink
              key={link.to}
              link={link}
              onNavigate={close}
              className="flex min-h-11 items-center rounded-md px-2 text-base font-medium text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
            />
          ))}
        </nav>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title} className="-mx-2 flex flex-col border-t pt-2">
            <p className="px-2 pb-1 text-xs font-medium text-muted-foreground">{group.title}</p>
            {group.links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                onClick={close}
                className="flex min-h-11 items-center rounded-md px-2 text-base font-medium text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              >
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
        <div className="flex items-center gap-2 border-t pt-2 text-sm text-muted-foreground">
          <ThemeToggle /> Theme
        </div>
        <div className="mt-auto grid gap-2 border-t pt-4">
          {isAuthenticated ? (
            <>
              <p className="truncate text-sm text-muted-foreground">Signed in as {user?.email}</p>
              <Button
                variant="outline"
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                Sign Out
              </Button>
            </>
          ) : (
            <>
              <Button
                onClick={() => {
                  close();
                  openAuthDialog('signup');
                }}
              >
                Sign Up
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  close();
                  openAuthDialog('signin');
                }}
              >
                Sign In
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
