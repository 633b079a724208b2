/** Marketing, help and legal pages (issue 12); their meta descriptions are in web-route-descriptions.ts. */
const MARKETING_SCREENS: readonly { path: string; title: string }[] = [
  { path: '/how-it-works', title: 'How It Works — Wattwise' },
  { path: '/pricing', title: 'Pricing — Wattwise' },
  ...['/faq', '/frequently-asked-questions'].map((path) => ({ path, title: 'Frequently Asked Questions — Wattwise' })),
  ...['/terms', '/terms-of-service'].map((path) => ({ path, title: 'Terms of Service — Wattwise' })),
  ...['/privacy', '/privacy-policy'].map((path) => ({ path, title: 'Privacy Policy — Wattwise' })),
  { path: '/compliance', title: 'Compliance & Security — Wattwise' },
  { path: '/marketing-disclosure', title: 'Marketing Disclaimers — Wattwise' },
  { path: '/data-transfer-agreement', title: 'Data Transfer Agreement — Wattwise' },
  { path: '/refund-policy', title: 'Refund Policy — Wattwise' },
  { path: '/cancellation-policy', title: 'Cancellation Policy — Wattwise' },
  { path: '/investment-disclaimer', title: 'Investment Solicitation Disclaimer — Wattwise' },
];

/**
 * The screens of the web app that are built, with their page titles. The server answers 404
 * (still serving the app, which shows its not-found screen) for any other path, links appear
 * only to these, and each page is titled from here. Add a screen here when its route lands.
 */
export const BUILT_SCREENS: readonly { path: string; title: string }[] = [
  ...['/', '/home', '/homepage'].map((path) => ({ path, title: 'Wattwise — Find savings in your utility bills' })),
  { path: '/auth/callback', title: 'Confirming your email — Wattwise' },
  { path: '/auth/reset-password', title: 'Reset your password — Wattwise' },
  { path: '/bill-upload', title: 'Upload Your Utility Bill — Wattwise' },
  { path: '/payment', title: 'Pay Your Utility Bill — Wattwise' },
  { path: '/payment-success', title: 'Payment Successful — Wattwise' },
  { path: '/payment-canceled', title: 'Payment canceled — Wattwise' },
  { path: '/payment-dashboard', title: 'Payment History — Wattwise' },
  { path: '/admin', title: 'Admin Dashboard — Wattwise' },
  { path: '/pay', title: 'Upload Your Utility Bill — Wattwise' },
  { path: '/upload', title: 'Upload Your Utility Bill — Wattwise' },
  { path: '/dashboard', title: 'Your Dashboard — Wattwise' },
  { path: '/dashboard/bills/:billId', title: 'Bill details — Wattwise' },
  { path: '/rebates', title: 'Find Smarter Savings with AI — Wattwise' },
  { path: '/applications', title: 'Application Tracking — Wattwise' },
  { path: '/regional-savings', title: 'Regional Savings — Wattwise' },
  { path: '/gamification', title: 'Energy Achievements — Wattwise' },
  { path: '/smart-dashboard', title: 'Smart Dashboard — Wattwise' },
  { path: '/roi-calculator', title: 'Savings Calculator — Wattwise' },
  { path: '/ai-assistant', title: 'AI Energy Assistant — Wattwise' },
  { path: '/smart-home', title: 'Smart Home Energy — Wattwise' },
  { path: '/iot-dashboard', title: 'IoT Energy Monitoring — Wattwise' },
  { path: '/meter-data', title: 'Meter Data — Wattwise' },
  { path: '/notifications', title: 'Notifications — Wattwise' },
  { path: '/settings', title: 'Account settings — Wattwise' },
  { path: '/contact', title: 'Contact Us — Wattwise' },
  { path: '/support', title: 'Support Center — Wattwise' },
  { path: '/calendar-scheduling', title: 'Schedule Your Energy Consultation — Wattwise' },
  { path: '/unsubscribe', title: 'Email preferences — Wattwise' },
  { path: '/email-test', title: 'Email Testing — Wattwise' },
  { path: '/admin', title: 'Admin Dashboard — Wattwise' },
  { path: '/bill-search', title: 'Bill Search — Wattwise' },
  { path: '/feedback-analysis', title: 'ML Feedback Analytics — Wattwise' },
  { path: '/ml-analytics', title: 'ML Analytics — Wattwise' },
  { path: '/backend-status', title: 'Backend Status — Wattwise' },
  { path: '/platform-dashboard', title: 'Platform Dashboard — Wattwise' },
  { path: '/assessment-diagnostic', title: 'Assessment Diagnostic — Wattwise' },
  { path: '/database-status', title: 'Database Status & Performance — Wattwise' },
  { path: '/recaptcha-test', title: 'Human Verification Dashboard — Wattwise' },
  ...MARKETING_SCREENS,
];

export const NOT_FOUND_TITLE = 'Page not found — Wattwise';

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}

/** The path of a URL without query, hash or trailing slash. */
export function normalise(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether a path (e.g. '/dashboard', '/#features', '/dashboard/bills/1') leads to a built screen. */
export function isBuiltScreen(pathname: string): boolean {
  const path = normalise(pathname);
  return BUILT_SCREENS.some((screen) => matches(screen.path, path));
}

/** The page title of a path; the not-found title for anything else. */
export function titleForPath(pathname: string): string {
  const path = normalise(pathname);
  return BUILT_SCREENS.find((screen) => matches(screen.path, path))?.title ?? NOT_FOUND_TITLE;
}
