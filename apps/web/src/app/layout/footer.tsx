import { BadgeCheckIcon, GlobeLockIcon, LockIcon, ShieldCheckIcon, ZapIcon } from 'lucide-react';
import { Link } from 'react-router';
import { isBuiltScreen } from '@wattwise/shared/web-routes';
import { usePublicConfig } from '@/lib/public-config.ts';
import { type InstallSecurity, UNKNOWN_SECURITY } from '@/lib/trust.ts';
import { FOOTER_GROUPS } from './nav-links.ts';

/**
 * Trust badges (01-core §1): only what is true of this installation (the compliance page says
 * the same): encryption at rest when bill files are encrypted, HTTPS only when served over https,
 * a certification only as the operator's own statement (on the compliance page).
 */
function badgesFor(security: InstallSecurity) {
  return [
    ...(security.filesEncrypted ? [{ label: 'Bills encrypted at rest', to: '/compliance', Icon: LockIcon }] : []),
    ...(security.https ? [{ label: 'HTTPS', to: '/compliance', Icon: GlobeLockIcon }] : []),
    { label: 'CCPA', to: '/compliance', Icon: ShieldCheckIcon },
    { label: 'GDPR rights', to: '/compliance', Icon: ShieldCheckIcon },
    { label: 'Money-back guarantee', to: '/refund-policy', Icon: BadgeCheckIcon },
  ];
}

const badge = 'inline-flex min-h-9 items-center gap-1.5 rounded-full border bg-background px-3 text-xs font-medium text-muted-foreground';

const footerLink =
  'inline-flex min-h-8 items-center rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none';

export function Footer() {
  const config = usePublicConfig();
  const badges = badgesFor(config.data?.security ?? UNKNOWN_SECURITY);
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-[1200px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="grid content-start gap-3">
          <Link to="/" className="inline-flex items-center gap-2 font-semibold" aria-label="Wattwise home">
            <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <ZapIcon className="size-4" aria-hidden />
            </span>
            <span className="text-lg">Wattwise</span>
          </Link>
          <p className="max-w-xs text-sm text-muted-foreground">
            Upload a utility bill and see where your money goes: billing errors, usage patterns, savings and rebates.
          </p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="mb-3 text-sm font-semibold">{group.title}</h2>
            <ul className="grid gap-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="mx-auto max-w-[1200px] px-4 pb-8 sm:px-6">
        <ul aria-label="Security and guarantees" className="flex flex-wrap gap-2">
          {badges.map(({ label, to, Icon }) => (
            <li key={label}>
              {/* A badge links to the page that backs it once that page exists (the compliance and refund pages are not built yet). */}
              {isBuiltScreen(to) ? (
                <Link to={to} className={`${badge} hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none`}>
                  <Icon className="size-3.5 text-brand" aria-hidden />
                  {label}
                </Link>
              ) : (
                <span className={badge}>
                  <Icon className="size-3.5 text-brand" aria-hidden />
                  {label}
                </span>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-xs text-muted-foreground">
          © {new Date().getFullYear()} Wattwise. Wattwise is not a registered broker-dealer or investment advisor; nothing on
          this site is financial, legal or tax advice.
        </p>
      </div>
    </footer>
  );
}
