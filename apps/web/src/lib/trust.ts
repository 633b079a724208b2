/**
 * Trust badges and compliance statuses (01-core §1, 02-tools §2.19), worded as the spec words
 * them, shared by the landing page's trust section, the footer and the compliance page.
 * The spec's business-bureau badge is left out: Wattwise has no such rating to show.
 */
export const COMPLIANCE_STATUSES = [
  { name: 'SOC 2 Type II', status: 'In Observation' },
  { name: 'SOC 2 Type I', status: 'Compliant' },
  { name: 'GDPR', status: 'Compliant' },
  { name: 'ISO 27001', status: 'Pending' },
] as const;

export const SECURITY_FACTS = [
  { name: 'AES-256 encryption', detail: 'Stored bills and data are encrypted at rest.' },
  { name: 'SSL / TLS 1.2+', detail: 'Every connection to Wattwise is encrypted in transit.' },
  { name: 'CCPA', detail: 'California residents can see, export and delete their data.' },
  { name: 'Money-back guarantee', detail: 'Basic and Pro: save $100+ a year or get your money back.' },
] as const;

/**
 * The services that may process your data, by role (01-core §1 names the AI, database, cloud and
 * hosting subprocessors). Wattwise is self-hostable: which company fills a role depends on how
 * this installation is set up, and by default no outside company does.
 */
export const SUBPROCESSORS = [
  {
    role: 'AI',
    who: 'Anthropic (Claude) or an OpenAI-compatible service, only when the operator configures one. Without one, the assistant and analysis run on this server.',
  },
  { role: 'Database', who: 'PostgreSQL: embedded on this server by default, or the operator’s managed PostgreSQL.' },
  { role: 'Cloud storage', who: 'Uploaded bills stay on this server’s disk by default, or in the operator’s S3-compatible object storage.' },
  { role: 'Hosting', who: 'The operator of this Wattwise installation.' },
  { role: 'Email and payments', who: 'The operator’s email (SMTP) provider; Stripe for plan payments when enabled.' },
] as const;
