/**
 * Trust facts shared by the landing page's trust section, the footer and the compliance page:
 * only what is true of this installation (issue 24). Wattwise itself holds no certification; a
 * certification is shown only as the operator's own statement (COMPLIANCE_STATEMENT), off by
 * default. TLS is claimed only when the server's public address is https: terminating TLS is
 * the job of the operator's proxy.
 */
export type InstallSecurity = { https: boolean; filesEncrypted: boolean; complianceStatement: string | null };

/** Said when the server has not told us otherwise (and while its settings load). */
export const UNKNOWN_SECURITY: InstallSecurity = { https: false, filesEncrypted: false, complianceStatement: null };

export const TLS_NOTE = 'Encryption in transit (TLS) is the job of the proxy the operator puts in front of Wattwise; check that the address starts with https.';

export function securityFacts(security: InstallSecurity): { name: string; detail: string }[] {
  return [
    ...(security.filesEncrypted ? [{ name: 'Bills encrypted at rest', detail: 'Each stored bill file is encrypted with AES-256-GCM on this server.' }] : []),
    security.https ? { name: 'HTTPS', detail: 'This installation is served over https, so connections are encrypted in transit.' } : { name: 'Connections', detail: TLS_NOTE },
    { name: 'CCPA', detail: 'California residents can see, export and delete their data.' },
    { name: 'Money-back guarantee', detail: 'Basic and Pro: save $100+ a year or get your money back.' },
  ];
}

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
