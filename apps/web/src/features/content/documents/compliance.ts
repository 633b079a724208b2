import { COMPLIANCE_STATUSES, SUBPROCESSORS } from '@/lib/trust.ts';
import type { LegalDocument } from '../types.ts';

/** Compliance & Security (02-tools §2.19): the four statuses as the spec words them. */
const compliance: LegalDocument = {
  title: 'Compliance & Security',
  dated: 'Updated April 1, 2025',
  intro: 'How Wattwise protects your data, and where each certification stands today.',
  sections: [
    {
      id: 'status',
      title: 'Certification status',
      paragraphs: COMPLIANCE_STATUSES.map((item) => `${item.name}: ${item.status}`),
    },
    {
      id: 'encryption',
      title: 'Encryption',
      paragraphs: ['Every connection uses TLS 1.2 or newer. Stored bills and data are encrypted with AES-256.'],
    },
    {
      id: 'access',
      title: 'Access to your data',
      paragraphs: [
        'Each bill belongs to the account that uploaded it, and the server checks the owner on every request. Staff access is limited to what support and operations need, and is logged.',
        'Most logs are kept for 90 days.',
      ],
    },
    {
      id: 'subprocessors',
      title: 'Subprocessors',
      paragraphs: SUBPROCESSORS.map((s) => `${s.role}: ${s.who}`),
    },
    {
      id: 'guarantee',
      title: 'Money-back guarantee',
      paragraphs: ['Basic and Pro plans come with the $100+ annual savings guarantee.'],
      links: [{ to: '/refund-policy', label: 'Refund Policy' }],
    },
  ],
};

export default compliance;
