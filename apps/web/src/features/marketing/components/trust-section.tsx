import { BadgeCheckIcon, LockIcon, ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { SAMPLE_FIGURES, DEMO_LABEL } from '../demo-data.ts';
import { usePublicConfig } from '@/lib/public-config.ts';
import { securityFacts, SUBPROCESSORS, UNKNOWN_SECURITY } from '@/lib/trust.ts';
import { ExampleTag, Section } from './section.tsx';

/** The trust and security section (01-core §1, §2): badges, statuses, subprocessors, sample figures. */
export function TrustSection() {
  const config = usePublicConfig();
  const security = config.data?.security ?? UNKNOWN_SECURITY;
  return (
    <Section id="trust" title="Trust and security" intro="Your bills hold personal data. Here is how it is protected and who handles it.">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <ul className="grid gap-3 sm:grid-cols-2">
            {securityFacts(security).map((fact) => (
              <li key={fact.name} className="flex gap-3 rounded-xl border bg-card p-4">
                <LockIcon className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden />
                <div>
                  <h3 className="text-sm font-semibold">{fact.name}</h3>
                  <p className="text-sm text-muted-foreground">{fact.detail}</p>
                </div>
              </li>
            ))}
          </ul>
          <ul aria-label="Certifications" className="flex flex-wrap gap-2">
            {security.complianceStatement && (
              <li>
                <Link
                  to="/compliance"
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-full border bg-background px-3 text-sm hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                >
                  <ShieldCheckIcon className="size-4 text-brand" aria-hidden />
                  The operator’s statement: {security.complianceStatement}
                </Link>
              </li>
            )}
            <li>
              <Link
                to="/refund-policy"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full border bg-background px-3 text-sm hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              >
                <BadgeCheckIcon className="size-4 text-brand" aria-hidden />
                Money-back guarantee
              </Link>
            </li>
          </ul>
          <div className="rounded-xl border bg-card p-4">
            <p className="flex items-center gap-2 text-sm font-semibold">
              Wattwise by the numbers <ExampleTag>{DEMO_LABEL}</ExampleTag>
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {SAMPLE_FIGURES.map((f) => (
                <div key={f.label}>
                  <dt className="text-xs text-muted-foreground">{f.label}</dt>
                  <dd className="text-lg font-bold tabular-nums">{f.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
        <div className="rounded-xl border bg-card p-6">
          <h3 className="font-semibold">Who processes your data</h3>
          <dl className="mt-3 grid gap-3 text-sm">
            {SUBPROCESSORS.map((s) => (
              <div key={s.role}>
                <dt className="font-medium">{s.role}</dt>
                <dd className="text-muted-foreground">{s.who}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm">
            <Link to="/compliance" className="text-accent underline underline-offset-4">
              Compliance & Security
            </Link>{' '}
            ·{' '}
            <Link to="/privacy-policy" className="text-accent underline underline-offset-4">
              Privacy Policy
            </Link>
          </p>
        </div>
      </div>
    </Section>
  );
}
