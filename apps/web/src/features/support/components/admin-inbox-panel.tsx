import { SUPPORT_MESSAGES } from '@wattwise/shared/contract/support';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { cn } from '@/lib/utils.ts';
import type { ContactMessage } from '@wattwise/shared/contract/support';
import { useContactInbox, useContactToTicket, useReplyToContact } from '../api/support.ts';
import { formatWhen } from './ticket-labels.ts';

function MessageDetail({ message }: { message: ContactMessage }) {
  const reply = useReplyToContact(message.id);
  const toTicket = useContactToTicket(message.id);
  const [body, setBody] = useState('');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{message.subject}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {message.name} ·{' '}
          <a className="text-accent underline" href={`mailto:${message.email}`}>
            {message.email}
          </a>{' '}
          · {message.user_id ? 'signed in' : 'visitor'} · {formatWhen(message.created_at)}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm whitespace-pre-wrap">{message.message}</p>
        {message.reply && message.replied_at && (
          <div className="rounded-lg border bg-muted/40 p-3 text-sm">
            <p className="font-medium">Answered by email {formatWhen(message.replied_at)}</p>
            <p className="mt-1 whitespace-pre-wrap">{message.reply}</p>
          </div>
        )}
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!body.trim()) return;
            reply.mutate(body.trim(), {
              onSuccess: () => {
                setBody('');
                toast.success(SUPPORT_MESSAGES.inboxReplied);
              },
              onError: (error) => toast.error(error.message),
            });
          }}
        >
          <Label htmlFor="inbox-reply">Reply by email to {message.email}</Label>
          <Textarea id="inbox-reply" rows={4} value={body} onChange={(e) => setBody(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={reply.isPending || !body.trim()}>
              Send Email Reply
            </Button>
            {message.ticket_id ? (
              <Badge variant="info" className="self-center">
                Support ticket opened
              </Badge>
            ) : (
              <Button
                type="button"
                variant="outline"
                disabled={toTicket.isPending}
                onClick={() => toTicket.mutate(undefined, { onSuccess: () => toast.success(SUPPORT_MESSAGES.inboxTicketCreated), onError: (error) => toast.error(error.message) })}
              >
                Make Support Ticket
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The admin area's Inbox tab: contact messages from visitors and users; staff answer by email or open a ticket. */
export function AdminInboxPanel() {
  const inbox = useContactInbox();
  const [selected, setSelected] = useState<string | null>(null);
  if (inbox.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{inbox.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!inbox.data) return <Skeleton className="h-60 w-full" />;
  const current = inbox.data.find((m) => m.id === selected) ?? null;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <ul className="grid content-start gap-2" aria-label="Contact messages">
        {inbox.data.length === 0 && <li className="text-sm text-muted-foreground">No contact messages yet.</li>}
        {inbox.data.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              aria-pressed={selected === m.id}
              onClick={() => setSelected(m.id)}
              className={cn('grid w-full gap-1 rounded-lg border p-3 text-left hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none', selected === m.id && 'border-primary')}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{m.subject}</span>
                <Badge variant={m.replied_at ? 'success' : m.ticket_id ? 'info' : 'warning'}>{m.replied_at ? 'Answered' : m.ticket_id ? 'Ticket' : 'New'}</Badge>
              </span>
              <span className="text-xs text-muted-foreground">
                {m.name} · {m.email} · {formatWhen(m.created_at)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {current ? <MessageDetail key={current.id} message={current} /> : <p className="text-sm text-muted-foreground">Choose a message to read and answer it.</p>}
    </div>
  );
}
