import type { LegalDocument } from '../types.ts';

/**
 * Refund Policy (02-tools §2.19, §9): April 20, 2025. Both windows of the spec, as ARCHITECTURE
 * settles them: the $100+ guarantee refunds within 30 days; a plan payment without a savings
 * claim within 48 hours.
 */
const refundPolicy: LegalDocument = {
  title: 'Refund Policy',
  dated: 'Last updated April 20, 2025',
  intro: 'When a Wattwise plan payment is refunded, and how.',
  sections: [
    {
      id: 'guarantee',
      title: 'The savings guarantee',
      paragraphs: [
        'Basic and Pro plans guarantee $100 or more in annual savings. If Wattwise finds you no savings, ask for a full refund within 30 days and you get it.',
      ],
    },
    {
      id: 'refund-window',
      title: 'Refunds of a plan payment',
      paragraphs: ['Apart from the guarantee, a plan payment can be refunded if you ask within 48 hours of being charged.'],
    },
    {
      id: 'processing',
      title: 'How refunds are paid',
      paragraphs: ['Refunds go back to the card you paid with and are processed in 5 to 7 business days.'],
    },
    {
      id: 'no-pro-rata',
      title: 'No pro-rata refunds',
      paragraphs: ['Outside the cases above, we do not refund part of a month or a year when you cancel; your plan stays active until the end of the period you paid for.'],
      links: [{ to: '/cancellation-policy', label: 'Cancellation Policy' }],
    },
  ],
};

export default refundPolicy;
