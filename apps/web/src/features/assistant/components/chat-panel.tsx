import { Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { cn } from '@/lib/utils.ts';
import type { ChatState } from '../lib/use-chat.ts';
import { ChatMessageView } from './chat-message.tsx';

/** The chat box: messages (scrolled to the newest), the streamed reply, and the input. */
export function ChatPanel({ chat, welcome, className }: { chat: ChatState; welcome: string; className?: string }) {
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const { messages, streaming, pending } = chat;
  const { pathname } = useLocation();

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, streaming]);

  const submit = async () => {
    if (!draft.trim() || pending) return;
    const text = draft;
    setDraft('');
    await chat.send(text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };
  const last = messages[messages.length - 1];

  return (
    <div className={cn('flex flex-col rounded-xl border bg-card', className)}>
      <div ref={list} className="flex-1 overflow-y-auto p-4" aria-live="polite" aria-label="Conversation">
        <ul className="space-y-3">
          <ChatMessageView message={{ role: 'assistant', content: welcome }} />
          {messages.map((m) => (
            <ChatMessageView key={m.id} message={m} />
          ))}
          {streaming !== null &&
            (streaming === '' ? (
              <li className="text-sm text-muted-foreground" role="status">
                Thinking...
              </li>
            ) : (
              <ChatMessageView message={{ role: 'assistant', content: streaming }} />
            ))}
        </ul>
        {last?.signInPrompt && (
          <p className="mt-3 text-sm">
            <Link to={pathname} state={{ openAuth: 'signin', returnPath: pathname }} className="text-accent underline underline-offset-2">
              Sign in
            </Link>{' '}
            to ask about your own bills.
          </p>
        )}
      </div>
      <form
        className="border-t p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="flex items-end gap-2">
          <label htmlFor="assistant-input" className="sr-only">
            Ask about your energy use
          </label>
          <Textarea
            id="assistant-input"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={pending}
            rows={2}
            placeholder="Ask about your bills, usage, savings or rebates..."
            className="min-h-12 resize-none"
          />
          <Button type="submit" size="icon" disabled={pending || !draft.trim()} aria-label="Send">
            <Send aria-hidden />
          </Button>
        </div>
        <p className="mt-1 text-xs text-muted-foreground">Press Enter to send, Shift+Enter for new line</p>
      </form>
    </div>
  );
}
