import type { LegalDocument } from '../types.ts';

/** Marketing Disclaimers (02-tools §2.19): effective 2025-04-01. */
const marketingDisclosure: LegalDocument = {
  title: 'Marketing Disclaimers',
  dated: 'Effective April 1, 2025',
  intro: 'How to read the figures, examples and claims on the Wattwise site.',
  sections: [
    {
      id: 'examples',
      title: 'Examples and demo figures',
      paragraphs: [
        'The testimonials, the savings tracker, the live demo’s result and the figures marked "Example" on our pages are illustrations. They are not measurements of Wattwise customers and not reviews by real people.',
      ],
    },
    {
      id: 'savings-claims',
      title: 'Savings claims',
      paragraphs: [
        'Average savings figures such as $150 a year describe what the analysis aims at for a typical household bill. Your savings depend on your bills, your provider, your region and what you choose to do.',
        'The $100+ annual savings guarantee applies to Basic and Pro plans under the Refund Policy.',
      ],
      links: [{ to: '/refund-policy', label: 'Refund Policy' }],
    },
    {
      id: 'referrals',
      title: 'Referral fees',
      paragraphs: ['Wattwise may earn a referral fee when you switch provider through it, at no cost to you.'],
    },
    {
      id: 'no-advice',
      title: 'No advice',
      paragraphs: ['Nothing on Wattwise is financial, legal or tax advice.'],
      links: [{ to: '/investment-disclaimer', label: 'Investment Solicitation Disclaimer' }],
    },
  ],
};

export default marketingDisclosure;
