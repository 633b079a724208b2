import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { titleForPath } from '@wattwise/shared/web-routes';
import { AuthDialogProvider } from '@/features/auth/components/auth-dialog-provider.tsx';
import { AssistantLoader } from './assistant-loader.tsx';
import { DeferredToaster } from './deferred-toaster.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ANCHOR_SCROLL_DELAY_MS } from './use-anchor-navigation.ts';

/** Scrolls to a "#id" target after a navigation that carries a hash (e.g. a full load of /#features). */
function HashScroll() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, pathname]);
  return null;
}

/** Each page has its own title (the tab, history and screen readers name it) and description, from the shared route table. */
function DocumentTitle() {
  const { pathname } = useLocation();
  const navigated = useRef(false);
  useEffect(() => {
    document.title = titleForPath(pathname);
    // The server wrote the first page's description into its HTML; later pages load theirs
    // (kept out of the landing page's JavaScript, decision 040).
    if (!navigated.current) {
      navigated.current = true;
      return;
    }
    let current = true;
    void import('@wattwise/shared/web-route-descriptions').then(({ descriptionForPath }) => {
      if (current) document.querySelector('meta[name="description"]')?.setAttribute('content', descriptionForPath(pathname));
    });
    return () => {
      current = false;
    };
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <AuthDialogProvider>
      <DocumentTitle />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring"
      >
        Skip to content
      </a>
      <Header />
      {/* Bottom room for the floating assistant bubble (56 px + 16 px): a page's last controls scroll clear of it. */}
      <main id="main" tabIndex={-1} className="flex min-h-dvh flex-col pt-16 pb-20 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
      <HashScroll />
      <DeferredToaster />
      <AssistantLoader />
    </AuthDialogProvider>
  );
}
