import type { LegalDocument } from '../types.ts';

/** Data Transfer Agreement (02-tools §2.19): updated April 1, 2025. */
const dataTransfer: LegalDocument = {
  title: 'Data Transfer Agreement',
  dated: 'Updated April 1, 2025',
  intro: 'How your data moves between Wattwise and the services that process it for us, and what protects it on the way.',
  sections: [
    {
      id: 'what',
      title: 'What is transferred',
      paragraphs: [
        'Your bill files and what is read from them, your account details, and your messages to support. Only what a service needs for its task is sent to it.',
      ],
    },
    {
      id: 'where',
      title: 'Where it goes',
      paragraphs: [
        'By default Wattwise keeps your data on the server that runs it. When the operator sets up a managed database, object storage, an email provider or an AI service, the data those need goes to them, in the region the operator chooses.',
      ],
      links: [{ to: '/compliance', label: 'Compliance & Security (subprocessors)' }],
    },
    {
      id: 'safeguards',
      title: 'Safeguards',
      paragraphs: [
        'Stored bill files are encrypted with AES-256-GCM; transfers are encrypted with TLS where the operator serves Wattwise over https (the operator’s proxy terminates TLS). Transfers out of the EU or UK rely on the European Commission’s standard contractual clauses.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      paragraphs: ['You can ask what was transferred, to whom, and have it deleted.'],
      links: [{ to: '/privacy-policy', label: 'Privacy Policy' }],
    },
  ],
};

export default dataTransfer;
