import type { TicketMessage } from '@wattwise/shared/contract/support';
import { cn } from '@/lib/utils.ts';
import { formatWhen } from './ticket-labels.ts';

/** A ticket's messages, oldest first; staff answers on the other side. */
export function Conversation({ messages }: { messages: TicketMessage[] }) {
  return (
    <ol className="grid gap-3" aria-label="Conversation">
      {messages.map((m) => (
        <li key={m.id} className={cn('rounded-lg border p-3', m.author === 'staff' ? 'ml-6 bg-muted' : 'mr-6 bg-card')}>
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-medium">{m.author === 'staff' ? `${m.author_name} (Support)` : m.author_name}</span>
            <time className="text-xs text-muted-foreground" dateTime={m.created_at}>
              {formatWhen(m.created_at)}
            </time>
          </div>
          <p className="mt-1 text-sm whitespace-pre-wrap">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
