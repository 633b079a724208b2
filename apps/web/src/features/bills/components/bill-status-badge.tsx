import { Badge } from '@/components/ui/badge.tsx';
import type { BillViewStatus } from '../lib/bill-view.ts';

const VARIANT = { analyzed: 'success', pending: 'secondary', processing: 'info', failed: 'destructive' } as const;
const LABEL: Record<BillViewStatus, string> = { analyzed: 'Analyzed', pending: 'Pending', processing: 'Processing', failed: 'Failed' };

export function BillStatusBadge({ status }: { status: BillViewStatus }) {
  return <Badge variant={VARIANT[status]}>{LABEL[status]}</Badge>;
}
