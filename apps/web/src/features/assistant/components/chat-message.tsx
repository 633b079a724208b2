import type { ChatMessage } from '@wattwise/shared/contract/assistant';
import { CHAT_MESSAGES } from '@wattwise/shared/contract/assistant';
import { AlertTriangle, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils.ts';

/** One message: the user's on the right; an answer with the figures it used and links to their bills. */
export function ChatMessageView({ message }: { message: Pick<ChatMessage, 'role' | 'content'> & Partial<ChatMessage> }) {
  const mine = message.role === 'user';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn('max-w-[85%] rounded-xl px-4 py-2 text-sm', mine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground')}
        data-role={message.role}
      >
        <p className="whitespace-pre-wrap">{message.content}</p>
        {message.citations && message.citations.length > 0 && (
          <ul aria-label="Figures used" className="mt-2 space-y-1 border-t border-border/60 pt-2 text-xs">
            {message.citations.map((c, i) => (
              <li key={`${c.billId ?? c.source}-${c.label}-${i}`} className="flex items-center gap-1">
                <FileText aria-hidden className="size-3 shrink-0" />
                <span>
                  {c.label}: <span className="font-medium tabular-nums">{c.value}</span> —{' '}
                  <Link to={c.href} className="text-accent underline underline-offset-2">
                    {c.source}
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
        {message.flagged && (
          <p role="note" className="mt-2 flex items-start gap-1 text-xs text-destructive">
            <AlertTriangle aria-hidden className="mt-0.5 size-3 shrink-0" />
            {CHAT_MESSAGES.unverified} ({message.unverifiedNumbers?.join(', ')})
          </p>
        )}
        {message.engine && !mine && <p className="mt-1 text-xs italic">Answered by: {message.engine}</p>}
      </div>
    </li>
  );
}
