import { BarChart3, Gift, Lightbulb, ScrollText, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { useChat } from '../lib/use-chat.ts';
import { ChatPanel } from './chat-panel.tsx';

const WELCOME =
  "Hi! I'm your Wattwise energy assistant. Ask me about your bills, usage, savings and rebates: I answer from your own bills and show the figures I used with a link to each bill.";

const FEATURES = [
  { icon: ScrollText, text: 'Your amounts, usage, due dates and how they changed, from your own bills' },
  { icon: BarChart3, text: 'Trends, highest and lowest months, and anomalies found by the analysis' },
  { icon: Lightbulb, text: 'Savings recommendations worked out from your bills' },
  { icon: Gift, text: 'Rebates and incentives that match your home' },
];

const TRY_ASKING = ['What was my highest bill?', 'Why was my last bill higher?', 'How can I lower my bill?', 'What rebates can I get?'];

const EXAMPLES: { title: string; questions: string[] }[] = [
  { title: 'Your bills', questions: ['When is my bill due?', 'How much electricity did I use in March?', 'What was my lowest bill?'] },
  { title: 'Usage and trends', questions: ['What is the trend of my bills?', 'How does my last bill compare to last year?', 'Anything unusual on my bills?'] },
  { title: 'Saving energy', questions: ['What do you recommend to save money?', 'How do I use less electricity at peak hours?', 'How can I cut standby power?'] },
  { title: 'Rebates and Wattwise', questions: ['Are there rebates for heat pumps?', 'Is my data safe?', 'What do the plans cost?'] },
];

/** /ai-assistant (02-tools §2.11): welcome, features, 'Try asking about', four categories of examples, the 600 px chat box. */
export function AssistantPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const chat = useChat({ isAuthenticated, onError: (message) => toast.error('Error', { description: message }) });
  const ask = (q: string) => void chat.send(q);
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="flex items-center gap-2 text-3xl font-semibold">
        <Sparkles aria-hidden className="size-7 text-primary" /> AI Energy Assistant
      </h1>
      <p className="mt-1 text-muted-foreground">Answers grounded in your own bills, with every figure linked to the bill it came from.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_320px]">
        <div>
          {!isLoading && <ChatPanel chat={chat} welcome={WELCOME} className="h-[600px]" />}
          <div className="mt-4">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-sm font-medium">Try asking about</h2>
              {chat.messages.length > 0 && (
                <Button variant="ghost" size="sm" disabled={chat.pending} onClick={() => void chat.clear()}>
                  New conversation
                </Button>
              )}
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              {TRY_ASKING.map((q) => (
                <Button key={q} variant="outline" size="sm" disabled={chat.pending} onClick={() => ask(q)}>
                  {q}
                </Button>
              ))}
            </div>
          </div>
        </div>
        <aside className="space-y-6">
          <div>
            <h2 className="text-sm font-medium">What I can help with</h2>
            <ul className="mt-2 space-y-2 text-sm">
              {FEATURES.map(({ icon: Icon, text }) => (
                <li key={text} className="flex gap-2">
                  <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          {EXAMPLES.map((group) => (
            <div key={group.title}>
              <h2 className="text-sm font-medium">{group.title}</h2>
              <ul className="mt-1 space-y-1">
                {group.questions.map((q) => (
                  <li key={q}>
                    <button
                      type="button"
                      disabled={chat.pending}
                      onClick={() => ask(q)}
                      className="text-left text-sm text-accent underline-offset-2 hover:underline focus-visible:underline disabled:opacity-50"
                    >
                      {q}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </aside>
      </div>
    </section>
  );
}
