import { AdminGate } from '@/features/admin/components/admin-gate.tsx';
import { DatabaseStatusView } from '@/features/platform-status/components/database-status.tsx';
import { AssessmentDiagnostic, PlatformDashboard } from '@/features/platform-status/components/platform-dashboard.tsx';

/** /platform-dashboard, /assessment-diagnostic and /database-status: admins only (the server's checks answer 403 to anyone else). */
export function PlatformDashboardPage() {
  return (
    <AdminGate>
      <PlatformDashboard />
    </AdminGate>
  );
}

export function AssessmentDiagnosticPage() {
  return (
    <AdminGate>
      <AssessmentDiagnostic />
    </AdminGate>
  );
}

export function DatabaseStatusPage() {
  return (
    <AdminGate>
      <DatabaseStatusView />
    </AdminGate>
  );
}
