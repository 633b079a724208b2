import { SUPPORT_MESSAGES, TICKET_STATUSES, type TicketStatus } from '@wattwise/shared/contract/support';
import { ExternalLinkIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { cn } from '@/lib/utils.ts';
import { useStaffReply, useStaffTicket, useStaffTickets, useSyncTicket } from '../api/support.ts';
import { Conversation } from './conversation.tsx';
import { formatWhen, STATUS_LABELS, STATUS_VARIANT } from './ticket-labels.ts';

const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

function ReplyForm({ ticketId }: { ticketId: string }) {
  const detail = useStaffTicket(ticketId);
  const reply = useStaffReply(ticketId);
  const sync = useSyncTicket(ticketId);
  const [body, setBody] = useState('');
  const [status, setStatus] = useState<TicketStatus>('pending');
  if (!detail.data) return <Skeleton className="h-40 w-full" />;
  const { ticket, messages } = detail.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{ticket.subject}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {ticket.requester_name} · {ticket.requester_email}
        </p>
        {ticket.agent_url && (
          <div className="flex flex-wrap items-center gap-3">
            <a className="inline-flex w-fit items-center gap-1 text-sm text-accent underline" href={ticket.agent_url} target="_blank" rel="noreferrer">
              Open in Zendesk (ticket #{ticket.zendesk_ticket_id}) <ExternalLinkIcon className="size-3.5" aria-hidden />
            </a>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={sync.isPending}
              onClick={() =>
                sync.mutate(undefined, {
                  onSuccess: () => toast.success(SUPPORT_MESSAGES.synced),
                  onError: () => toast.error(SUPPORT_MESSAGES.syncFailed),
                })
              }
            >
              Sync ticket
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <Conversation messages={messages} />
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!body.trim()) return;
            reply.mutate(
              { body: body.trim(), status },
              {
                onSuccess: () => {
                  setBody('');
                  toast.success('Reply sent');
                },
                onError: (error) => toast.error(error.message),
              },
            );
          }}
        >
          <Label htmlFor="staff-reply">Reply to the requester</Label>
          <Textarea id="staff-reply" rows={4} value={body} onChange={(e) => setBody(e.target.value)} />
          <SelectField id="staff-status" label="Status after reply" value={status} options={STATUS_OPTIONS} onValueChange={setStatus} className="max-w-xs" />
          <Button type="submit" className="w-fit" disabled={reply.isPending || !body.trim()}>
            Send Reply
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The admin area's Tickets tab: every user's tickets; staff answer and the requester is notified. */
export function AdminTicketsPanel() {
  const tickets = useStaffTickets();
  const [selected, setSelected] = useState<string | null>(null);
  if (tickets.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{tickets.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!tickets.data) return <Skeleton className="h-60 w-full" />;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <ul className="grid content-start gap-2" aria-label="All tickets">
        {tickets.data.length === 0 && <li className="text-sm text-muted-foreground">No tickets yet.</li>}
        {tickets.data.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              aria-pressed={selected === t.id}
              onClick={() => setSelected(t.id)}
              className={cn('grid w-full gap-1 rounded-lg border p-3 text-left hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none', selected === t.id && 'border-primary')}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{t.subject}</span>
                <Badge variant={STATUS_VARIANT[t.status]}>{STATUS_LABELS[t.status]}</Badge>
              </span>
              <span className="text-xs text-muted-foreground">
                {t.requester_email} · {formatWhen(t.updated_at)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {selected ? <ReplyForm key={selected} ticketId={selected} /> : <p className="text-sm text-muted-foreground">Choose a ticket to read and answer it.</p>}
    </div>
  );
}
