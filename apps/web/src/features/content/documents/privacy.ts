import type { LegalDocument } from '../types.ts';

/** Privacy Policy (02-tools §2.19, §9 'Policy terms'). */
const privacy: LegalDocument = {
  title: 'Privacy Policy',
  dated: 'Updated March 28, 2025',
  intro: 'This policy explains what Wattwise collects, why, who else sees it and what you can do about it.',
  sections: [
    {
      id: 'scope',
      title: 'Scope',
      paragraphs: [
        'This policy covers the Wattwise website and app and the data you give us through them. It does not cover the sites of utilities or other companies we link to.',
      ],
    },
    {
      id: 'information-collect',
      title: 'Information we collect',
      paragraphs: [
        'Account details: your email address and password (stored only as a hash). Your bills: the files you upload and what is read from them, such as provider, account number, amounts, usage and service address.',
        'Usage data: pages visited, errors, and the time and address of each request. Most logs are kept for 90 days.',
        'Location: only when you ask Wattwise to detect it, to find rebates near you.',
      ],
    },
    {
      id: 'information-use',
      title: 'How we use it',
      paragraphs: [
        'To read and analyse your bills, show you savings and rebates, keep your account secure, answer you when you contact us, and improve how bills are read (for example from the corrections you make).',
        'We do not sell your personal information.',
      ],
    },
    {
      id: 'information-sharing',
      title: 'Who we share it with',
      paragraphs: [
        'Companies that process data for us to run the service (hosting, database, storage, email, and an AI service when one is set up), under contracts that keep it confidential. The Compliance & Security page lists them by role.',
        'A provider or programme you choose to apply to, with what that application needs and only when you ask. Authorities, when the law requires it.',
      ],
      links: [{ to: '/compliance', label: 'Compliance & Security' }],
    },
    {
      id: 'your-choices',
      title: 'Your choices and rights',
      paragraphs: [
        'You can see, correct, export and delete your bills and account at any time. You can stop marketing email with the unsubscribe link in every message.',
        'California residents have the rights of the California Consumer Privacy Act (CCPA), effective January 1, 2020: to know what we collect, to delete it, and not to be treated differently for using these rights. Residents of the EU and UK have the same rights under the GDPR.',
        'Stored bill files are encrypted at rest (AES-256-GCM). In transit, connections are encrypted when the operator serves Wattwise over https (its proxy terminates TLS).',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      paragraphs: [
        'Wattwise uses one essential cookie to keep you signed in, and stores your theme choice in your browser. We use no advertising or third-party tracking cookies.',
      ],
    },
  ],
};

export default privacy;
