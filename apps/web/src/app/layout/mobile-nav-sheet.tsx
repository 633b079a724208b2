import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet.tsx';
import { useAuthDialog } from '@/features/auth/auth-dialog-context.ts';
import { useSignOutAction } from '@/features/auth/hooks/use-sign-out-action.ts';
import { useAuth } from '@/hooks/use-auth.ts';
import { HeaderLink } from './header-link.tsx';
import { HEADER_LINKS } from './nav-links.ts';

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
  const { isAuthenticated, user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const { signOut } = useSignOutAction();
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent
        side="right"
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
        <div className="mt-auto grid gap-2 border-t pt-4">
          {isAuthenticated ? (
            <>
              <p className="truncate text-sm text-muted-foreground">Signed in as {user?.email}</p>
              <Button variant="ghost" asChild>
                <Link to="/settings" onClick={close}>
                  Account settings
                </Link>
              </Button>
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
