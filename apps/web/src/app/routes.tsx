import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { PageSpinner } from './routes/page-spinner.tsx';
import { RootError, RouteError } from './routes/route-error.tsx';

/**
 * Paths of the route table (02-tools §2.1) whose screens are not built yet. They are
 * registered so the table is complete, and show the not-found screen until their
 * feature lands; replace an entry with the real route module when it does.
 */
export const PENDING_PATHS = [
  '/how-it-works',
  '/pricing',
  '/admin',
  '/contact',
  '/support',
  '/bill-search',
  '/smart-home',
  '/smart-dashboard',
  '/regional-savings',
  '/roi-calculator',
  '/ml-analytics',
  '/notifications',
  '/iot-dashboard',
  '/gamification',
  '/ai-assistant',
  '/calendar-scheduling',
  '/backend-status',
  '/platform-dashboard',
  '/assessment-diagnostic',
  '/email-test',
  '/recaptcha-test',
  '/database-status',
  '/feedback-analysis',
  '/terms',
  '/terms-of-service',
  '/privacy',
  '/privacy-policy',
  '/compliance',
  '/marketing-disclosure',
  '/data-transfer-agreement',
  '/refund-policy',
  '/cancellation-policy',
  '/investment-disclaimer',
  '/faq',
  '/frequently-asked-questions',
  '/payment-dashboard',
  '/payment-success',
  '/payment-canceled',
] as const;

const landing = async () => ({ Component: (await import('./routes/landing.tsx')).LandingRoute });
const billUpload = async () => ({
  Component: (await import('./routes/bill-upload.tsx')).BillUploadPage,
});
const dashboard = async () => ({ Component: (await import('./routes/dashboard.tsx')).DashboardPage });
const rebates = async () => ({ Component: (await import('@/features/rebates/components/rebates-page.tsx')).RebatesPage });
const applications = async () => ({
  Component: (await import('@/features/rebates/components/applications-page.tsx')).ApplicationsPage,
});
const billDetail = async () => ({
  Component: (await import('./routes/bill-detail.tsx')).BillDetailPage,
});

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RootError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: landing },
          { path: '/home', lazy: landing },
          { path: '/homepage', lazy: landing },
          {
            path: '/auth/callback',
            lazy: async () => ({ Component: (await import('./routes/auth-callback.tsx')).AuthCallbackRoute }),
          },
          {
            path: '/auth/reset-password',
            lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }),
          },
          { path: '/bill-upload', lazy: billUpload },
          { path: '/payment', lazy: billUpload },
          { path: '/pay', lazy: billUpload },
          { path: '/upload', lazy: billUpload },
          { path: '/dashboard', lazy: dashboard },
          { path: '/dashboard/bills/:billId', lazy: billDetail },
          { path: '/rebates', lazy: rebates },
          { path: '/applications', lazy: applications },
          ...PENDING_PATHS.map((path): RouteObject => ({ path, Component: NotFoundRoute })),
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
];

