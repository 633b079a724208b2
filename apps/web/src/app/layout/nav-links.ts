import { isBuiltScreen } from '@wattwise/shared/web-routes';

/** Header links (01-core §2). `priority` decides how early a link moves into the "More" menu on narrower screens. */
export interface NavLink {
  to: string;
  label: string;
  /** 1: inline from 768 px, 2: from 1024 px, 3: from 1536 px; otherwise in "More". */
  priority: 1 | 2 | 3;
}

/** Every header link of the spec, built or not; only links to built screens are shown. */
const ALL_HEADER_LINKS: NavLink[] = [
  { to: '/how-it-works', label: 'How It Works', priority: 1 },
  { to: '/#features', label: 'Features', priority: 2 },
  { to: '/pricing', label: 'Pricing', priority: 1 },
  { to: '/#testimonials', label: 'Testimonials', priority: 3 },
  { to: '/regional-savings', label: 'Regional Savings', priority: 3 },
  { to: '/roi-calculator', label: 'ROI Calculator', priority: 3 },
  { to: '/smart-home', label: 'Smart Home', priority: 3 },
  { to: '/rebates', label: 'Rebates', priority: 2 },
  { to: '/support', label: 'Support', priority: 3 },
  { to: '/payment-dashboard', label: 'Payments', priority: 3 },
  { to: '/dashboard', label: 'Dashboard', priority: 1 },
];

const ALL_FOOTER_GROUPS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'Product',
    links: [
      { to: '/', label: 'Home' },
      { to: '/bill-upload', label: 'Upload a Bill' },
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/ai-assistant', label: 'AI Assistant' },
    ],
  },
  {
    title: 'Help',
    links: [
      { to: '/contact', label: 'Contact' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/compliance', label: 'Compliance & Security' },
      { to: '/marketing-disclosure', label: 'Marketing Disclosure' },
      { to: '/data-transfer-agreement', label: 'Data Transfer Agreement' },
      { to: '/refund-policy', label: 'Refund Policy' },
      { to: '/cancellation-policy', label: 'Cancellation Policy' },
      { to: '/investment-disclaimer', label: 'Investment Disclaimer' },
    ],
  },
];

/** Header links to screens that exist (a link to a screen not built yet would lead to the not-found page). */
export const HEADER_LINKS: NavLink[] = ALL_HEADER_LINKS.filter((link) => isBuiltScreen(link.to));

/** Footer groups with only the links to built screens; a group left empty is dropped. */
export const FOOTER_GROUPS = ALL_FOOTER_GROUPS.map((group) => ({ ...group, links: group.links.filter((link) => isBuiltScreen(link.to)) })).filter(
  (group) => group.links.length > 0,
);
