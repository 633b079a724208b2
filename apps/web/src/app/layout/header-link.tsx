import { NavLink } from 'react-router';
import { cn } from '@/lib/utils.ts';
import type { NavLink as NavLinkItem } from './nav-links.ts';
import { useAnchorNavigation } from './use-anchor-navigation.ts';

/** A header link; "/#x" anchors scroll (after navigating home when needed). */
export function HeaderLink({ link, className, onNavigate }: { link: NavLinkItem; className?: string; onNavigate?: () => void }) {
  const goToAnchor = useAnchorNavigation();
  if (link.to.startsWith('/#')) {
    return (
      <a
        href={link.to}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          onNavigate?.();
          goToAnchor(link.to);
        }}
      >
        {link.label}
      </a>
    );
  }
  return (
    <NavLink
      to={link.to}
      onClick={onNavigate}
      className={({ isActive }) => cn(className, isActive && 'text-foreground')}
    >
      {link.label}
    </NavLink>
  );
}
