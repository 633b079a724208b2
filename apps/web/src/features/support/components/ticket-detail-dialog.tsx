import { ExternalLinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useAddTicketMessage, useTicket } from '../api/support.ts';
import { Conversation } from './conversation.tsx';
import { STATUS_LABELS, STATUS_VARIANT } from './ticket-labels.ts';

/** A ticket with its conversation; the requester can answer (01-core §2). */
export function TicketDetailDialog({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  const detail = useTicket(ticketId);
  const add = useAddTicketMessage(ticketId ?? '');
  const [reply, setReply] = useState('');
  const ticket = detail.data?.ticket;
  return (
    <Dialog open={ticketId !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{ticket?.subject ?? 'Support ticket'}</DialogTitle>
          <DialogDescription>{ticket ? `Ticket #${ticket.id.slice(0, 8)}` : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {!detail.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={STATUS_VARIANT[detail.data.ticket.status]}>{STATUS_LABELS[detail.data.ticket.status]}</Badge>
              {detail.data.ticket.agent_url && (
                <a className="inline-flex items-center gap-1 text-sm text-accent underline" href={detail.data.ticket.agent_url} target="_blank" rel="noreferrer">
                  Open in helpdesk <ExternalLinkIcon className="size-3.5" aria-hidden />
                </a>
              )}
            </div>
            <Conversation messages={detail.data.messages} />
            <form
              className="grid gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (!reply.trim()) return;
                add.mutate(reply.trim(), { onSuccess: () => setReply('') });
              }}
            >
              <Label htmlFor="ticket-reply">Add a reply</Label>
              <Textarea id="ticket-reply" rows={3} value={reply} onChange={(e) => setReply(e.target.value)} />
              <Button type="submit" className="w-fit" disabled={add.isPending || !reply.trim()}>
                Send Reply
              </Button>
            </form>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
