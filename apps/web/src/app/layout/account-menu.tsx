import { ChevronDownIcon, UserCogIcon } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuGroup, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { accountMenuGroups } from './nav-links.ts';

/** The signed-in user's menu from 768 px: every screen they may open, grouped; admins get the admin group too. */
export function AccountMenu() {
  const { user, isAdmin } = useAuth();
  const groups = accountMenuGroups(isAdmin);
  return (
    // Not modal: the page behind stays in the accessibility tree (no aria-hidden over focusable content).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="text-muted-foreground" title={user?.email ?? undefined}>
          <UserCogIcon aria-hidden />
          {/* The accessible name holds the visible email when shown (WCAG label in name). */}
          <span className="hidden max-w-48 truncate xl:inline">{user?.email}</span>
          <span className="sr-only"> Account menu</span>
          <ChevronDownIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[var(--radix-dropdown-menu-content-available-height)] w-64 overflow-y-auto">
        {groups.map((group, i) => (
          <Fragment key={group.title}>
            {i > 0 && <DropdownMenuSeparator />}
            <DropdownMenuGroup aria-labelledby={`account-menu-${i}`}>
              <DropdownMenuLabel id={`account-menu-${i}`} className="text-xs text-muted-foreground">
                {group.title}
              </DropdownMenuLabel>
              {group.links.map((link) => (
                <DropdownMenuItem key={link.to} asChild>
                  <Link to={link.to}>{link.label}</Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
