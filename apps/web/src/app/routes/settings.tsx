import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAccountSummary } from '@/features/account/api/account.ts';
import { PasswordSection } from '@/features/account/components/password-section.tsx';
import { PrivacySection } from '@/features/account/components/privacy-section.tsx';
import { ProfileSection } from '@/features/account/components/profile-section.tsx';
import { Section } from '@/features/account/components/section.tsx';
import { SecurityLog } from '@/features/account/components/security-log.tsx';
import { SessionsSection } from '@/features/account/components/sessions-section.tsx';
import { TwoFactorSection } from '@/features/account/components/two-factor-section.tsx';
import { InvoiceList } from '@/features/payments/components/invoice-list.tsx';
import { PlanBilling } from '@/features/subscription/components/plan-billing.tsx';
import { PreferencesPanel } from '@/features/notifications/components/preferences-panel.tsx';
import { authKeys } from '@/hooks/use-auth.ts';
import { type Theme, useTheme } from '@/lib/theme.tsx';
import { SignedInGate } from './signed-in-gate.tsx';

const THEMES: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

function ThemeSection() {
  const { theme, setTheme } = useTheme();
  return (
    <Section id="appearance" title="Appearance">
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Theme</legend>
        {THEMES.map((t) => (
          <label key={t.value} className="flex items-center gap-2">
            <input type="radio" name="theme" className="size-4" value={t.value} checked={theme === t.value} onChange={() => setTheme(t.value)} />
            {t.label}
          </label>
        ))}
      </fieldset>
    </Section>
  );
}

function Settings() {
  const account = useAccountSummary();
  const { hash } = useLocation();
  // /settings#plan (the header menu, /pricing, the 409 message) opens at that section once it is drawn.
  useEffect(() => {
    if (account.data && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [account.data, hash]);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The account and its sessions are gone: forget everything cached for it and go home.
  const onDeleted = async () => {
    queryClient.setQueryData(authKeys.session(), null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'public-config' });
    await navigate('/', { replace: true });
  };
  return (
    <section className="mx-auto grid w-full max-w-[900px] gap-6 px-4 py-10 md:px-6">
      <div>
        <h1 className="text-3xl font-semibold">Account settings</h1>
        <p className="mt-1 text-muted-foreground">Your profile, sign-in security, notifications and data.</p>
      </div>
      {!account.data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <>
          <ProfileSection key={account.data.email} account={account.data} />
          <Section id="plan" title="Plan & billing" description="Your plan, this month's bills, and your invoices.">
            <PlanBilling />
            <InvoiceList />
          </Section>
          {account.data.hasPassword && <PasswordSection />}
          <TwoFactorSection enabled={account.data.twoFactorEnabled} />
          <SessionsSection />
          <ThemeSection />
          <Section id="notifications" title="Notifications and email" description="Which alerts you get, in the app and by email.">
            <PreferencesPanel />
          </Section>
          <SecurityLog />
          <PrivacySection onDeleted={onDeleted} />
        </>
      )}
    </section>
  );
}

/** /settings: account settings and privacy rights (issue 18) for a signed-in user. */
export function SettingsPage() {
  return (
    <SignedInGate path="/settings" what="your account settings">
      <Settings />
    </SignedInGate>
  );
}
