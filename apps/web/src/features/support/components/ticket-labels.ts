import type { TicketPriority, TicketStatus } from '@wattwise/shared/contract/support';

export const PRIORITY_OPTIONS: { value: TicketPriority; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
];

export const STATUS_LABELS: Record<TicketStatus, string> = { new: 'New', open: 'Open', pending: 'Pending', hold: 'On hold', solved: 'Solved', closed: 'Closed' };

export const STATUS_VARIANT: Record<TicketStatus, 'info' | 'warning' | 'success' | 'secondary'> = {
  new: 'info',
  open: 'info',
  pending: 'warning',
  hold: 'warning',
  solved: 'success',
  closed: 'secondary',
};

export const PRIORITY_VARIANT: Record<TicketPriority, 'secondary' | 'warning' | 'destructive'> = { low: 'secondary', normal: 'secondary', high: 'warning', urgent: 'destructive' };

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));
