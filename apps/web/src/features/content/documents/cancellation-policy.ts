import type { LegalDocument } from '../types.ts';

/** Cancellation Policy (02-tools §2.19): April 20, 2025; links to /refund-policy. */
const cancellationPolicy: LegalDocument = {
  title: 'Cancellation Policy',
  dated: 'Last updated April 20, 2025',
  intro: 'How to cancel a Wattwise plan and what happens when you do.',
  sections: [
    {
      id: 'how',
      title: 'How to cancel',
      paragraphs: ['You can cancel a Basic or Pro plan at any time from your account, or by writing to support. No reason is needed.'],
    },
    {
      id: 'what-happens',
      title: 'What happens next',
      paragraphs: [
        'Your plan stays active until the end of the period you paid for, then your account moves to the Free plan. Your bills and analyses stay in your account.',
      ],
    },
    {
      id: 'refunds',
      title: 'Refunds',
      paragraphs: ['Cancelling does not by itself refund a payment. Refunds follow the Refund Policy.'],
      links: [{ to: '/refund-policy', label: 'Refund Policy' }],
    },
  ],
};

export default cancellationPolicy;
