import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, AccountSummary, AuditEvent, DataExport } from '@wattwise/shared/contract/account';
import { apiRequest } from '@/lib/api-client.ts';
import { authKeys } from '@/hooks/use-auth.ts';

/** Account settings (issue 18): our /api/account routes and better-auth's endpoints under /api/auth. */
export const accountSettingsKeys = {
  all: ['account-settings'] as const,
  summary: () => [...accountSettingsKeys.all, 'summary'] as const,
  sessions: () => [...accountSettingsKeys.all, 'sessions'] as const,
  events: () => [...accountSettingsKeys.all, 'events'] as const,
  exports: () => [...accountSettingsKeys.all, 'exports'] as const,
};

export function useAccountSummary() {
  return useQuery({ queryKey: accountSettingsKeys.summary(), queryFn: () => apiRequest<AccountSummary>('/api/account') });
}

export function useSessions() {
  return useQuery({ queryKey: accountSettingsKeys.sessions(), queryFn: async () => (await apiRequest<{ sessions: AccountSession[] }>('/api/account/sessions')).sessions });
}

export function useSecurityEvents() {
  return useQuery({ queryKey: accountSettingsKeys.events(), queryFn: async () => (await apiRequest<{ events: AuditEvent[] }>('/api/account/audit-events?limit=50')).events });
}

/** Polls while an archive is being built. */
export function useExports() {
  return useQuery({
    queryKey: accountSettingsKeys.exports(),
    queryFn: async () => (await apiRequest<{ exports: DataExport[] }>('/api/account/exports')).exports,
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'queued') ? 1500 : false),
  });
}

/** A mutation that refreshes the settings (and the session, whose user may have changed) when it succeeds. */
function useAccountMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: accountSettingsKeys.all }), client.invalidateQueries({ queryKey: authKeys.all })]);
    },
  });
}

const auth = <T,>(path: string, body: unknown) => apiRequest<T>(`/api/auth${path}`, { method: 'POST', body });

export const useUpdateName = () => useAccountMutation((name: string) => auth('/update-user', { name }));
export const useChangeEmail = () => useAccountMutation((newEmail: string) => auth('/change-email', { newEmail, callbackURL: '/settings?email=changed' }));
export const useChangePassword = () =>
  useAccountMutation((input: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) => auth('/change-password', input));
export const useEnableTwoFactor = () => useAccountMutation((password: string) => auth<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { password }));
export const useConfirmTwoFactor = () => useAccountMutation((code: string) => auth('/two-factor/verify-totp', { code }));
export const useDisableTwoFactor = () => useAccountMutation((password: string) => auth('/two-factor/disable', { password }));
export const useNewBackupCodes = () => useAccountMutation((password: string) => auth<{ backupCodes: string[] }>('/two-factor/generate-backup-codes', { password }));
export const useRevokeSession = () => useAccountMutation((id: string) => apiRequest<null>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }));
export const useRequestExport = () => useAccountMutation(() => apiRequest<DataExport>('/api/account/exports', { method: 'POST' }));

/** Deletes the account; the caller then forgets everything cached (the session is gone). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => apiRequest<{ deleted: true; message: string }>('/api/account/delete', { method: 'POST', body: { password } }) });
}
