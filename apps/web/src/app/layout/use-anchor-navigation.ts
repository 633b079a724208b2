import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Delay before scrolling after navigating home for an anchor link (01-core §9). */
export const ANCHOR_SCROLL_DELAY_MS = 300;

function scrollToId(id: string, smooth: boolean) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: smooth && !reduce ? 'smooth' : 'auto', block: 'start' });
}

/**
 * Anchor links such as "/#features": on the home page, smooth-scroll; elsewhere navigate
 * home first and scroll after 300 ms; if navigation throws, fall back to a full page load.
 */
export function useAnchorNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (href: string) => {
      const id = href.split('#')[1] ?? '';
      if (location.pathname === '/') {
        window.history.replaceState(window.history.state, '', `/#${id}`);
        scrollToId(id, true);
        return;
      }
      try {
        // RootLayout's HashScroll scrolls to the target ANCHOR_SCROLL_DELAY_MS after the page renders.
        void Promise.resolve(navigate(`/#${id}`)).catch(() => {
          window.location.href = href;
        });
      } catch {
        window.location.href = href;
      }
    },
    [location.pathname, navigate],
  );
}
