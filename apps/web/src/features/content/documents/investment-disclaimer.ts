import type { LegalDocument } from '../types.ts';

/** Investment Solicitation Disclaimer (02-tools §1, §2.19). */
const investmentDisclaimer: LegalDocument = {
  title: 'Investment Solicitation Disclaimer',
  dated: 'Last updated April 1, 2025',
  intro: 'Wattwise helps you pay less for utilities. It does not offer investments.',
  sections: [
    {
      id: 'not-an-offer',
      title: 'Not an offer',
      paragraphs: ['Nothing on this site is an offer to sell, or a request to buy, any security or investment.'],
    },
    {
      id: 'not-advisor',
      title: 'Not a broker-dealer or advisor',
      paragraphs: [
        'Wattwise is not a registered broker-dealer or investment advisor. Nothing on this site is financial, legal or tax advice; ask a qualified professional about your situation.',
      ],
    },
    {
      id: 'forward-looking',
      title: 'Forward-looking statements',
      paragraphs: [
        'Statements about future savings or plans are forward-looking and carry risk: results can differ. Past performance is no guarantee of future results.',
      ],
    },
    {
      id: 'inquiries',
      title: 'Business inquiries',
      paragraphs: ['Business inquiries go through the contact page (/contact): the operator of this server answers them by email.'],
    },
  ],
};

export default investmentDisclaimer;
