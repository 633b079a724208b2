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
  { to: '/meter-data', label: 'Meter Data', priority: 3 },
  { to: '/dashboard', label: 'Dashboard', priority: 1 },
];

const ALL_FOOTER_GROUPS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'Product',
    links: [
      { to: '/', label: 'Home' },
      { to: '/bill-upload', label: 'Upload a Bill' },
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/meter-data', label: 'Meter Data' },
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

/** A titled group of links in the signed-in menus. */
export interface NavGroup {
  title: string;
  links: { to: string; label: string }[];
}

/** Every signed-in screen of the spec's route table, in the account menu (header on wide screens, the side sheet on phones). */
const ALL_USER_MENU: NavGroup[] = [
  {
    title: 'My energy',
    links: [
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/bill-upload', label: 'Upload a Bill' },
      { to: '/payment-dashboard', label: 'Bills & Payments' },
      { to: '/payment', label: 'Pay a Bill' },
      { to: '/rebates', label: 'Rebates' },
      { to: '/applications', label: 'Applications' },
      { to: '/ai-assistant', label: 'AI Assistant' },
    ],
  },
  {
    title: 'Tools',
    links: [
      { to: '/roi-calculator', label: 'Savings Calculator' },
      { to: '/regional-savings', label: 'Regional Savings' },
      { to: '/smart-home', label: 'Smart Home' },
      { to: '/smart-dashboard', label: 'Smart Dashboard' },
      { to: '/iot-dashboard', label: 'IoT Monitoring' },
      { to: '/gamification', label: 'Achievements' },
      { to: '/ml-analytics', label: 'ML Analytics' },
      { to: '/bill-search', label: 'Bill Search' },
      { to: '/calendar-scheduling', label: 'Book a Consultation' },
      { to: '/email-test', label: 'Email Testing' },
    ],
  },
  {
    title: 'Account',
    links: [
      { to: '/notifications', label: 'Notifications' },
      { to: '/support', label: 'Support' },
      { to: '/settings', label: 'Settings' },
      { to: '/settings#plan', label: 'Plan & Billing' },
    ],
  },
];

/** Admins also get the admin area, the feedback analytics and the operator pages. */
const ALL_ADMIN_MENU: NavGroup = {
  title: 'Admin',
  links: [
    { to: '/admin', label: 'Admin Dashboard' },
    { to: '/feedback-analysis', label: 'ML Feedback Analytics' },
    { to: '/platform-dashboard', label: 'Platform Dashboard' },
    { to: '/backend-status', label: 'Backend Status' },
    { to: '/database-status', label: 'Database Status' },
    { to: '/assessment-diagnostic', label: 'Assessment Diagnostic' },
    { to: '/recaptcha-test', label: 'Human Verification' },
  ],
};

const builtOnly = (group: NavGroup): NavGroup => ({ ...group, links: group.links.filter((link) => isBuiltScreen(link.to)) });

/** The account menu's groups for this user: the admin group for admins only. */
export function accountMenuGroups(isAdmin: boolean): NavGroup[] {
  return [...ALL_USER_MENU, ...(isAdmin ? [ALL_ADMIN_MENU] : [])].map(builtOnly).filter((g) => g.links.length > 0);
}
