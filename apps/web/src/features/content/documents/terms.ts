import type { LegalDocument } from '../types.ts';

/** Terms of Service (02-tools §2.19, §9 'Policy terms'): 16 anchored sections. */
const terms: LegalDocument = {
  title: 'Terms of Service',
  dated: 'Last updated April 15, 2024',
  intro: 'These terms apply when you use Wattwise. Please read them: by using the service you accept them.',
  withTableOfContents: true,
  sections: [
    {
      id: 'agreement',
      title: 'Agreement to these terms',
      paragraphs: [
        'These terms are an agreement between you and Wattwise. If you use Wattwise for a business, you accept them for that business and confirm you may do so.',
        'We may change these terms. We date every change at the top of this page, and tell account holders by email before a change that affects them takes effect.',
      ],
    },
    {
      id: 'definitions',
      title: 'Definitions',
      paragraphs: [
        '"Service" means the Wattwise website, app and everything they do. "Content" means the bills, photos, corrections and messages you give us. "Plan" means the Free, Basic or Pro plan your account is on.',
      ],
    },
    {
      id: 'services',
      title: 'What the service does',
      paragraphs: [
        'Wattwise reads the utility bills you upload, analyses your usage and cost, flags possible billing errors and unusual usage, and suggests savings, rebates and offers.',
        'Analyses and savings estimates are based on your bills and on public information. They are estimates, not promises of a result, except for the savings guarantee of the Basic and Pro plans.',
      ],
    },
    {
      id: 'accounts',
      title: 'Your account',
      paragraphs: [
        'You need an account to upload bills. Give a real email address, keep your password to yourself, and tell us at once if you think someone else has used your account.',
        'You must be 18 or older to have an account. You may close your account at any time.',
      ],
    },
    {
      id: 'content',
      title: 'Your content',
      paragraphs: [
        'Your bills stay yours. You let us store and process them only to provide the service to you, as the Privacy Policy explains.',
        'Upload only bills you are entitled to share, such as your own or your business’s.',
      ],
    },
    {
      id: 'ip',
      title: 'Intellectual property',
      paragraphs: [
        'The Wattwise name, design and software belong to Wattwise and its licensors. These terms give you the right to use the service, not to copy, resell or take apart its software beyond what the law allows or its open-source licences permit.',
      ],
    },
    {
      id: 'infringement',
      title: 'Reporting infringement',
      paragraphs: [
        'If you believe something on Wattwise infringes your copyright or other rights, write to us with what it is, where it is and why. We review every report and remove what infringes.',
      ],
    },
    {
      id: 'third-party',
      title: 'Third-party services and offers',
      paragraphs: [
        'Wattwise shows rebates and offers from utilities, governments and other companies. Their terms apply when you take them up; we do not control them and are not a party to them.',
        'We may earn a referral fee when you switch provider through Wattwise. It never costs you anything, and it does not decide which offers we show you.',
      ],
    },
    {
      id: 'disclaimer',
      title: 'Disclaimer',
      paragraphs: [
        'The service is provided as it is. Bill reading can be wrong: check the values Wattwise reads, and check with your utility before you dispute a charge. Nothing on Wattwise is financial, legal or tax advice.',
      ],
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      paragraphs: [
        'To the extent the law allows, our total liability to you for any claim about the service is limited to $100.',
        'We are not liable for indirect or consequential losses, such as lost profits or savings you expected and did not make.',
      ],
    },
    {
      id: 'indemnification',
      title: 'Indemnification',
      paragraphs: [
        'If you break these terms or the law through the service, and someone makes a claim against us because of it, you agree to cover our reasonable costs of that claim.',
      ],
    },
    {
      id: 'arbitration',
      title: 'Arbitration',
      paragraphs: [
        'Any dispute about the service is settled by binding arbitration in Atlanta, Georgia, under the laws of the State of Georgia. A claim must be brought within 1 year of when it arose.',
        'Either side may go to the courts of Fulton County, Georgia, to enforce an arbitration award or for urgent relief.',
      ],
    },
    {
      id: 'waiver',
      title: 'Waiver',
      paragraphs: ['If we do not enforce a part of these terms at once, we keep the right to enforce it later.'],
    },
    {
      id: 'misc',
      title: 'Miscellaneous',
      paragraphs: [
        'If a part of these terms cannot be enforced, the rest still applies. These terms and the policies they name are the whole agreement between you and Wattwise about the service.',
      ],
    },
    {
      id: 'privacy',
      title: 'Privacy',
      paragraphs: ['How we collect, use and protect your data is explained in the Privacy Policy, which is part of these terms.'],
      links: [{ to: '/privacy-policy', label: 'Privacy Policy' }],
    },
    {
      id: 'confidentiality',
      title: 'Confidentiality',
      paragraphs: [
        'We treat your bills and account details as confidential. Our staff and the companies that process data for us may see them only to run the service, and are bound to keep them confidential.',
      ],
    },
  ],
};

export default terms;
