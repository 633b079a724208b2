import type { AuditEventType } from '@wattwise/shared/contract/account';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useSecurityEvents } from '../api/account.ts';
import { Section } from './section.tsx';

export const AUDIT_EVENT_LABELS: Record<AuditEventType, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_in_second_factor_requested: 'Password accepted, code requested',
  second_factor_failed: 'Wrong two-factor code',
  sign_out: 'Signed out',
  password_changed: 'Password changed',
  password_change_failed: 'Password change refused',
  email_change_requested: 'Email change requested',
  email_changed: 'Email changed',
  two_factor_enabled: 'Two-factor authentication turned on',
  two_factor_disabled: 'Two-factor authentication turned off',
  session_revoked: 'Session signed out',
  data_export_requested: 'Data export requested',
  data_export_downloaded: 'Data export downloaded',
  account_deletion_refused: 'Account deletion refused (wrong password)',
  account_deleted: 'Account deleted',
  admin_action: 'Admin action',
  role_changed: 'Role changed',
};

/** The account's own security events, newest first. */
export function SecurityLog() {
  const events = useSecurityEvents();
  return (
    <Section id="security-log" title="Security activity" description="Sign-ins and changes to your account, newest first.">
      {!events.data ? (
        <Skeleton className="h-24 w-full" />
      ) : events.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No activity yet.</p>
      ) : (
        <ul className="grid max-h-80 gap-1 overflow-y-auto text-sm" aria-label="Security activity">
          {events.data.map((e) => (
            <li key={e.id} className="flex flex-wrap justify-between gap-2 border-b py-1.5 last:border-0">
              <span>{AUDIT_EVENT_LABELS[e.event]}</span>
              <span className="text-muted-foreground">
                {e.ipAddress ? `${e.ipAddress} · ` : ''}
                {new Date(e.createdAt).toLocaleString()}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
