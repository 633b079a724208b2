import type { RouteObject } from 'react-router';
import type { LegalDocument } from '@/features/content/types.ts';
import { LIGHT_PAGE } from './layout/deferred-toaster.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { PageSpinner } from './routes/page-spinner.tsx';
import { RootError, RouteError } from './routes/route-error.tsx';

const notFound = async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute });
const landing = async () => ({ Component: (await import('./routes/marketing.tsx')).LandingRoute });

/** A legal page: the shared page component and its document, each in its own chunk. */
const legal = (load: () => Promise<{ default: LegalDocument }>) => async () => {
  const [{ LegalPage }, { default: document }] = await Promise.all([import('@/features/content/components/legal-page.tsx'), load()]);
  return { Component: () => <LegalPage document={document} /> };
};
const terms = legal(() => import('@/features/content/documents/terms.ts'));
const privacy = legal(() => import('@/features/content/documents/privacy.ts'));
const faq = async () => ({ Component: (await import('@/features/content/components/faq-page.tsx')).FaqPage });

/** Marketing, help and legal pages (issue 12). */
const contentRoutes: RouteObject[] = [
  { path: '/how-it-works', lazy: async () => ({ Component: (await import('./routes/marketing.tsx')).HowItWorksRoute }) },
  { path: '/pricing', lazy: async () => ({ Component: (await import('./routes/marketing.tsx')).PricingRoute }) },
  { path: '/faq', lazy: faq },
  { path: '/frequently-asked-questions', lazy: faq },
  { path: '/terms', lazy: terms },
  { path: '/terms-of-service', lazy: terms },
  { path: '/privacy', lazy: privacy },
  { path: '/privacy-policy', lazy: privacy },
  { path: '/compliance', lazy: legal(() => import('@/features/content/documents/compliance.ts')) },
  { path: '/marketing-disclosure', lazy: legal(() => import('@/features/content/documents/marketing-disclosure.ts')) },
  { path: '/data-transfer-agreement', lazy: legal(() => import('@/features/content/documents/data-transfer-agreement.ts')) },
  { path: '/refund-policy', lazy: legal(() => import('@/features/content/documents/refund-policy.ts')) },
  { path: '/cancellation-policy', lazy: legal(() => import('@/features/content/documents/cancellation-policy.ts')) },
  { path: '/investment-disclaimer', lazy: legal(() => import('@/features/content/documents/investment-disclaimer.ts')) },
];

/** The route whose children the signed-in and tool screens join (app-routes.tsx). */
export const SCREENS_ROUTE_ID = 'screens';

/**
 * The first load knows the marketing, help and legal pages only; every other screen's route is
 * in app-routes.tsx, loaded the first time a path matches none of these (the not-found route
 * catches it, and React Router asks for more specific routes before rendering it). The landing
 * page thus carries no route table of screens it does not link to (decision 040).
 */
let screensAdded: Promise<void> | null = null;
export const patchRoutesOnNavigation = ({ patch }: { patch: (routeId: string | null, children: RouteObject[]) => void }): Promise<void> => {
  // A failed load (offline, a deploy replaced the chunk) is tried again on the next navigation.
  screensAdded ??= import('./app-routes.tsx').then(
    ({ appRoutes }) => patch(SCREENS_ROUTE_ID, appRoutes),
    (error: unknown) => {
      screensAdded = null;
      throw error;
    },
  );
  return screensAdded;
};

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RootError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        id: SCREENS_ROUTE_ID,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: landing, handle: LIGHT_PAGE },
          { path: '/home', lazy: landing, handle: LIGHT_PAGE },
          { path: '/homepage', lazy: landing, handle: LIGHT_PAGE },
          ...contentRoutes.map((route) => ({ ...route, handle: LIGHT_PAGE })),
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

