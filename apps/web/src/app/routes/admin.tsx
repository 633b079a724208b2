import { AdminGate } from '@/features/admin/components/admin-gate.tsx';
import { type AdminTab, AdminShell } from '@/features/admin/components/admin-shell.tsx';
import { OptimizationGuide } from '@/features/admin/components/optimization-guide.tsx';
import { VerificationDashboard } from '@/features/admin/components/verification-dashboard.tsx';
import { AdminRefundRequestsPanel } from '@/features/subscription/components/admin-refund-requests-panel.tsx';
import { AdminSubscriptionsPanel } from '@/features/subscription/components/admin-subscriptions-panel.tsx';
import { AdminAppointmentsPanel } from '@/features/appointments/components/admin-appointments-panel.tsx';
import { AdminInboxPanel } from '@/features/support/components/admin-inbox-panel.tsx';
import { AdminTicketsPanel } from '@/features/support/components/admin-tickets-panel.tsx';

/**
 * The admin area's tabs, one entry per panel (01-core §2). Features add their panel here
 * ('Users & Subscriptions', 'Tickets', the rebate catalogue…); the shell renders them in order.
 */
export const ADMIN_TABS: AdminTab[] = [
  { value: 'users', label: 'Users & Subscriptions', Component: AdminSubscriptionsPanel },
  { value: 'refunds', label: 'Refund requests', Component: AdminRefundRequestsPanel },
  { value: 'inbox', label: 'Inbox', Component: AdminInboxPanel },
  { value: 'tickets', label: 'Tickets', Component: AdminTicketsPanel },
  { value: 'appointments', label: 'Appointments', Component: AdminAppointmentsPanel },
  { value: 'optimization', label: 'Optimization Guide', Component: OptimizationGuide },
];

/** /admin: admins only (the server decides); anyone else gets the spec's toast and goes to /dashboard. */
export function AdminPage() {
  return (
    <AdminGate>
      <AdminShell tabs={ADMIN_TABS} />
    </AdminGate>
  );
}

/** /recaptcha-test: the human-verification dashboard, admins only. */
export function VerificationDashboardPage() {
  return (
    <AdminGate>
      <VerificationDashboard />
    </AdminGate>
  );
}
