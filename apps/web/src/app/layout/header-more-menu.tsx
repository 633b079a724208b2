import type { ReactElement } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { HeaderLink } from './header-link.tsx';
import type { NavLink } from './nav-links.ts';

/** The header's "More" menu, loaded on the first press of its button and opened at once. */
export function MoreMenu({ trigger, links, visibility }: { trigger: ReactElement; links: NavLink[]; visibility: Record<NavLink['priority'], string> }) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {links.map((link) => (
          <DropdownMenuItem key={link.to} asChild className={visibility[link.priority]}>
            <HeaderLink link={link} />
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
