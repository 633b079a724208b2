const HOME_DESCRIPTION =
  'Upload a utility bill and Wattwise reads it, finds billing errors and savings, and matches you with rebates. Save $100+ a year or get your money back.';

/** Marketing, help and legal pages (issue 12): titled and described for search results and shared links. */
const MARKETING_SCREENS: readonly { path: string; title: string; description: string }[] = [
  ...['/how-it-works'].map((path) => ({
    path,
    title: 'How It Works — Wattwise',
    description: 'Upload a bill, let Wattwise analyse it, and get savings: the three steps from your bill to a lower one.',
  })),
  {
    path: '/pricing',
    title: 'Pricing — Wattwise',
    description: 'Free, Basic and Pro plans. Basic and Pro come with the $100+ annual savings guarantee.',
  },
  ...['/faq', '/frequently-asked-questions'].map((path) => ({
    path,
    title: 'Frequently Asked Questions — Wattwise',
    description: 'Answers about getting started, savings and guarantees, privacy and security, service areas, billing and support.',
  })),
  ...['/terms', '/terms-of-service'].map((path) => ({
    path,
    title: 'Terms of Service — Wattwise',
    description: 'The terms that apply when you use Wattwise.',
  })),
  ...['/privacy', '/privacy-policy'].map((path) => ({
    path,
    title: 'Privacy Policy — Wattwise',
    description: 'What Wattwise collects, why, who it shares it with and the choices you have.',
  })),
  { path: '/compliance', title: 'Compliance & Security — Wattwise', description: 'How Wattwise protects your data, and where each certification stands.' },
  { path: '/marketing-disclosure', title: 'Marketing Disclaimers — Wattwise', description: 'How to read the figures, examples and claims on the Wattwise site.' },
  { path: '/data-transfer-agreement', title: 'Data Transfer Agreement — Wattwise', description: 'How and where Wattwise transfers and processes your data.' },
  { path: '/refund-policy', title: 'Refund Policy — Wattwise', description: 'When and how a Wattwise plan payment is refunded.' },
  { path: '/cancellation-policy', title: 'Cancellation Policy — Wattwise', description: 'How to cancel a Wattwise plan and what happens when you do.' },
  { path: '/investment-disclaimer', title: 'Investment Solicitation Disclaimer — Wattwise', description: 'Wattwise does not offer investments or financial advice.' },
];

/**
 * The screens of the web app that are built, with their page titles. The server answers 404
 * (still serving the app, which shows its not-found screen) for any other path, links appear
 * only to these, and each page is titled from here. Add a screen here when its route lands.
 */
export const BUILT_SCREENS: readonly { path: string; title: string; description?: string }[] = [
  ...['/', '/home', '/homepage'].map((path) => ({ path, title: 'Wattwise — Find savings in your utility bills', description: HOME_DESCRIPTION })),
  { path: '/auth/callback', title: 'Confirming your email — Wattwise' },
  { path: '/auth/reset-password', title: 'Reset your password — Wattwise' },
  { path: '/bill-upload', title: 'Upload Your Utility Bill — Wattwise' },
  { path: '/payment', title: 'Upload Your Utility Bill — Wattwise' },
  { path: '/pay', title: 'Upload Your Utility Bill — Wattwise' },
  { path: '/upload', title: 'Upload Your Utility Bill — Wattwise' },
  { path: '/dashboard', title: 'Your Dashboard — Wattwise' },
  { path: '/dashboard/bills/:billId', title: 'Bill details — Wattwise' },
  { path: '/rebates', title: 'Find Smarter Savings with AI — Wattwise' },
  { path: '/applications', title: 'Application Tracking — Wattwise' },
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

function normalise(pathname: string): string {
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

/** The meta description of a path: its own, or the home page's for pages without one. */
export function descriptionForPath(pathname: string): string {
  const path = normalise(pathname);
  return BUILT_SCREENS.find((screen) => matches(screen.path, path))?.description ?? HOME_DESCRIPTION;
}

/** Second paths of a page (02-tools §2.1); the sitemap lists each page once, under its first path. */
const ALIASES = new Set(['/home', '/homepage', '/terms', '/privacy', '/frequently-asked-questions']);

/** Public pages worth listing in sitemap.xml: built, without parameters, not behind sign-in or one-off links. */
export function sitemapPaths(): string[] {
  const privateOrOneOff = /^\/(dashboard|auth|bill-upload|payment|pay|upload|admin|bill-search|feedback-analysis|ml-analytics|platform-dashboard|assessment-diagnostic|backend-status|database-status|recaptcha-test)(\/|$)/;
  return [...new Set(BUILT_SCREENS.map((s) => s.path))].filter((p) => !p.includes(':') && !privateOrOneOff.test(p) && !ALIASES.has(p));
}
