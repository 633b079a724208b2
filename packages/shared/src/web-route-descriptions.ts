import { isBuiltScreen, normalise } from './web-routes.ts';

/**
 * Meta descriptions of the public pages (issue 12), apart from the route table: the server puts
 * them in the HTML of every page it serves (what search engines and link previews read), and the
 * web app loads this module only when it navigates without a page load, so the landing page's
 * JavaScript does not carry them (docs/decisions/040-landing-bundle-budget.md). A page with a
 * description here is public: the sitemap lists it.
 */
export const HOME_DESCRIPTION =
  'Upload a utility bill and Wattwise reads it, finds billing errors and savings, and matches you with rebates. Save $100+ a year or get your money back.';

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/how-it-works': 'Upload a bill, let Wattwise analyse it, and get savings: the three steps from your bill to a lower one.',
  '/pricing': 'Free, Basic and Pro plans. Basic and Pro come with the $100+ annual savings guarantee.',
  '/rebates': 'Rebates, tax credits and incentives that match your address and home, with what each is worth and how to apply.',
  '/roi-calculator': 'Estimate your energy savings with your state’s real electricity and gas prices.',
  '/regional-savings': 'Energy savings and prices across the West, Midwest, Northeast and Southeast, from EIA data.',
  '/ai-assistant': 'Ask about your bills, usage and savings: answers come from your own bills, with the figures they are based on.',
  '/faq': 'Answers about getting started, savings and guarantees, privacy and security, service areas, billing and support.',
  '/terms-of-service': 'The terms that apply when you use Wattwise.',
  '/privacy-policy': 'What Wattwise collects, why, who it shares it with and the choices you have.',
  '/compliance': 'How Wattwise protects your data, and where each certification stands.',
  '/marketing-disclosure': 'How to read the figures, examples and claims on the Wattwise site.',
  '/data-transfer-agreement': 'How and where Wattwise transfers and processes your data.',
  '/refund-policy': 'When and how a Wattwise plan payment is refunded.',
  '/cancellation-policy': 'How to cancel a Wattwise plan and what happens when you do.',
  '/investment-disclaimer': 'Wattwise does not offer investments or financial advice.',
};

/** Second paths of the same page (02-tools §2.1); the sitemap lists each page once, under the other. */
const SAME_PAGE: Readonly<Record<string, string>> = {
  '/home': '/',
  '/homepage': '/',
  '/frequently-asked-questions': '/faq',
  '/terms': '/terms-of-service',
  '/privacy': '/privacy-policy',
};

/** The meta description of a path: its own, or the home page's for pages without one. */
export function descriptionForPath(pathname: string): string {
  const path = normalise(pathname);
  return DESCRIPTIONS[SAME_PAGE[path] ?? path] ?? HOME_DESCRIPTION;
}

/** Public pages for sitemap.xml: home and every built page described here, each once. */
export function sitemapPaths(): string[] {
  return ['/', ...Object.keys(DESCRIPTIONS)].filter(isBuiltScreen);
}
