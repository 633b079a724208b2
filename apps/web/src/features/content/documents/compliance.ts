import { type InstallSecurity, SUBPROCESSORS, TLS_NOTE } from '@/lib/trust.ts';
import type { LegalDocument, LegalSection } from '../types.ts';

/** Compliance & Security (02-tools §2.19): what this installation actually does (issue 24). */
const compliance: LegalDocument = {
  title: 'Compliance & Security',
  dated: 'Updated April 1, 2025',
  intro: 'How Wattwise protects your data on this installation.',
  sections: [],
  sectionsFor: (security) => [...installSections(security), ...COMMON_SECTIONS],
};

/** Only what is true of this installation: no certification unless its operator states one; TLS only over https. */
function installSections(security: InstallSecurity): LegalSection[] {
  return [
    {
      id: 'status',
      title: 'Certifications',
      paragraphs: security.complianceStatement
        ? [`The operator of this installation states: ${security.complianceStatement}`]
        : ['Wattwise is self-hosted software and claims no certification of its own (such as SOC 2 or ISO 27001). The operator of this installation has not stated one.'],
    },
    {
      id: 'encryption',
      title: 'Encryption',
      paragraphs: [
        security.filesEncrypted
          ? 'Each stored bill file is encrypted at rest with AES-256-GCM, with a key kept on this server.'
          : 'Stored bill files are not encrypted by this installation.',
        security.https ? 'This installation is served over https: connections are encrypted in transit by the operator’s TLS proxy.' : TLS_NOTE,
      ],
    },
  ];
}

const COMMON_SECTIONS: LegalSection[] = [
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
];

export default compliance;
