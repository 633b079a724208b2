/** The FAQ (02-tools §1, §2.19): seven groups; claims as 02-tools §1 states them. */
export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ_GROUPS: readonly { title: string; items: readonly FaqItem[] }[] = [
  {
    title: 'Getting Started',
    items: [
      {
        question: 'How do I start?',
        answer: 'Create a free account, then upload a bill from the Upload page. The Free plan reads one bill a month.',
      },
      {
        question: 'Which bills can I upload?',
        answer: 'Electricity, natural gas, water, internet and other utility bills, as a PDF, JPG or PNG under 10MB. Photos taken with a phone work too.',
      },
      {
        question: 'How long does the analysis take?',
        answer: 'Bill analysis takes 5-10 minutes at most; most bills are read in well under a minute.',
      },
    ],
  },
  {
    title: 'Savings & Guarantees',
    items: [
      { question: 'How much can I save?', answer: 'Average savings are about $150 a year. What you save depends on your bills and on what you choose to do.' },
      {
        question: 'What is the savings guarantee?',
        answer: 'Basic and Pro plans guarantee $100+ in annual savings. If Wattwise finds you none, you get your money back: the guarantee has a 30-day money-back window.',
      },
    ],
  },
  {
    title: 'Privacy & Security',
    items: [
      {
        question: 'Is my data safe?',
        answer: 'Stored bill files are encrypted at rest with AES-256-GCM, and only you can see your bills. In transit they are encrypted when this installation is served over https: TLS is the job of the proxy its operator runs in front of Wattwise.',
      },
      {
        question: 'Do you sell my data?',
        answer: 'No. Wattwise is GDPR compliant and never sells your personal information. The Privacy Policy explains what we collect and why.',
      },
    ],
  },
  {
    title: 'Service Areas & Providers',
    items: [
      { question: 'Where is Wattwise available?', answer: 'All 50 US states are served.' },
      {
        question: 'Does it work with my utility?',
        answer: 'Wattwise reads bills by their content, not by a fixed template, so it works with most utilities. If a value is read wrong, correct it and the next bill from the same provider is read better.',
      },
    ],
  },
  {
    title: 'Account & Billing',
    items: [
      {
        question: 'What do the plans cost?',
        answer: 'Free costs nothing. Basic is $4.99/month or $49.99/year; Pro is $9.99/month or $99.99/year.',
      },
      { question: 'How do I cancel?', answer: 'Cancel any time; your plan stays active until the end of the period you paid for. See the Cancellation Policy.' },
    ],
  },
  {
    title: 'Technical Support',
    items: [
      {
        question: 'My bill was not read correctly. What can I do?',
        answer: 'Open the bill from your dashboard and correct the value. For anything else, contact us by email, phone or live chat.',
      },
    ],
  },
  {
    title: 'Company Information',
    items: [
      {
        question: 'How does Wattwise make money?',
        answer: 'From plan subscriptions, and from referral fees when you switch provider through Wattwise, at no cost to you.',
      },
      {
        question: 'Is Wattwise a financial advisor?',
        answer: 'No. Wattwise is not a registered broker-dealer or advisor, and nothing on the site is financial, legal or tax advice.',
      },
    ],
  },
];
