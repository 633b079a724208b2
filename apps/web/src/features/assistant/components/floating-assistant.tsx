import { useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@wattwise/shared/contract/assistant';
import { type MilestoneId, withStep } from '@wattwise/shared/contract/assistant-memory';
import type { BillFigures } from '@wattwise/shared/contract/bills';
import { MessageCircle, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { cn } from '@/lib/utils.ts';
import { streamChat } from '../api/chat.ts';
import { householdFigures } from '../lib/household.ts';
import type { AssistantMemory } from '../lib/memory.ts';
import { MILESTONE_TEXT, SPECIAL_DAY_DELAY_MS, specialDayGreeting } from '../lib/milestones.ts';
import { useAssistantMemory, useMilestones } from '../lib/use-memory.ts';
import {
  DISMISS_MS,
  GREETING_DELAY_MS,
  GREETING_VISIBLE_MS,
  IDLE_NUDGE_MS,
  PERSONALITIES,
  PERSONALITY_IDS,
  QUICK_ACTIONS,
  QUICK_QUESTIONS,
  THINKING_MIN_MS,
} from '../lib/personalities.ts';
import { ChatMessageView } from './chat-message.tsx';
import { LocationModal } from './location-modal.tsx';
import { StayUpdatedButton } from './stay-updated-modal.tsx';

/** Dismissal hides the assistant for an hour (02-tools §4, §9). */
function isDismissed(memory: AssistantMemory): boolean {
  return memory.dismissedAt !== null && Date.now() - memory.dismissedAt < DISMISS_MS;
}

const IDLE_EVENTS = ['mousemove', 'keydown', 'scroll', 'click'] as const;

/** The figures of the user's bills for the Home tab (signed in only; 02-tools §9: stale after 5 minutes, 1 retry). */
function useBillFigures(enabled: boolean) {
  return useQuery({
    queryKey: ['assistant', 'bill-figures'],
    queryFn: async () => (await apiRequest<{ items: BillFigures[] }>('/api/bills/figures')).items,
    enabled,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const kwh = (n: number) => `${n.toLocaleString('en-US')} kWh`;

/**
 * The global floating assistant (02-tools §2.1, §4): a bubble bottom right with tabs Home, Q&A
 * and Style, a greeting 2 s after load until seen, dismissal for an hour, an idle nudge after
 * 30 s, and the personalities Bolt, Lumi and Wattson. Answers come from the same grounded chat
 * API as /ai-assistant. Loaded lazily after the page (app/layout/assistant-loader.tsx).
 */
export function FloatingAssistant() {
  const [open, setOpen] = useState(false);
  const [greeting, setGreeting] = useState(false);
  const [nudge, setNudge] = useState(false);
  const [tab, setTab] = useState('home');
  const [question, setQuestion] = useState('');
  const [thinking, setThinking] = useState(false);
  const [answer, setAnswer] = useState<ChatMessage | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [celebration, setCelebration] = useState<string | null>(null);
  const [specialDay, setSpecialDay] = useState<string | null>(null);
  const [specialGreeting, setSpecialGreeting] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { isAuthenticated, isLoading } = useAuth();
  const figures = useBillFigures(isAuthenticated);
  const { memory, remember, adopt, loaded: memoryLoaded } = useAssistantMemory({ isAuthenticated, authLoading: isLoading });
  const personality = PERSONALITIES[memory.preferredPersonality];
  // Dismissal as of the memory in hand (the server's copy may arrive after the local one).
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const dismissed = isDismissed({ ...memory, dismissedAt: dismissedAt ?? memory.dismissedAt });

  // Greeting: 2 s after load, until seen; hides after 6 s once the data has loaded.
  useEffect(() => {
    if (!memoryLoaded || memory.greetingSeen || dismissed) return;
    const show = window.setTimeout(() => setGreeting(true), Math.max(0, GREETING_DELAY_MS - performance.now()));
    return () => window.clearTimeout(show);
  }, [memoryLoaded, memory.greetingSeen, dismissed]);
  const dataLoaded = memoryLoaded && (!isAuthenticated || !figures.isPending);
  useEffect(() => {
    if (!greeting || !dataLoaded) return;
    const hide = window.setTimeout(() => {
      setGreeting(false);
      remember({ greetingSeen: true }, false);
    }, GREETING_VISIBLE_MS);
    return () => window.clearTimeout(hide);
  }, [greeting, dataLoaded, remember]);

  // Idle nudge after 30 s without mouse, key, scroll or click.
  useEffect(() => {
    if (dismissed || open) return;
    let timer = window.setTimeout(() => setNudge(true), IDLE_NUDGE_MS);
    const reset = () => {
      setNudge(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setNudge(true), IDLE_NUDGE_MS);
    };
    // Capture: a scroll inside a panel counts as much as a scroll of the page.
    for (const e of IDLE_EVENTS) window.addEventListener(e, reset, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of IDLE_EVENTS) window.removeEventListener(e, reset, { capture: true });
    };
  }, [dismissed, open]);

  useEffect(() => {
    if (memoryLoaded) remember({ lastVisitedPage: pathname }, false);
  }, [pathname, memoryLoaded, remember]);

  // Milestones ($100 saved, first rebate application): the server says which were just reached,
  // from the user's own records, once each; confetti (loaded only then) celebrates them.
  const celebrate = useCallback(
    (reached: MilestoneId[], check: { memory: AssistantMemory }) => {
      adopt(check.memory);
      if (!reached.length) return;
      setCelebration(reached.map((m) => MILESTONE_TEXT[m]).join(' '));
      void import('canvas-confetti').then(({ default: confetti }) => {
        if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) void confetti({ particleCount: 120, spread: 70, origin: { x: 0.9, y: 0.9 } });
      });
    },
    [adopt],
  );
  useMilestones({ isAuthenticated, pathname, onReached: celebrate });

  // 22 April and 22 October: a glow and a special greeting after 3 s.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const day = specialDayGreeting(new Date());
      setSpecialDay(day);
      setSpecialGreeting(day !== null);
    }, SPECIAL_DAY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (dismissed) return null;

  const toggle = () => {
    setOpen((o) => !o);
    setGreeting(false);
    setNudge(false);
    setSpecialGreeting(false);
    remember({ greetingSeen: true });
  };
  const dismiss = () => {
    const now = Date.now();
    setOpen(false);
    remember({ dismissedAt: now, dismissCount: memory.dismissCount + 1 });
    setDismissedAt(now);
  };
  const ask = async (raw: string) => {
    const content = raw.trim();
    if (!content || thinking) return;
    setThinking(true);
    setAnswer(null);
    setAnswerError(null);
    remember({ completedSteps: withStep(memory.completedSteps, 'asked-question') });
    try {
      const [reply] = await Promise.all([streamChat([{ role: 'user', content }], () => undefined), new Promise((r) => window.setTimeout(r, THINKING_MIN_MS))]);
      setAnswer(reply);
      setQuestion('');
    } catch (error) {
      setAnswerError(error instanceof Error ? error.message : String(error));
    } finally {
      setThinking(false);
    }
  };

  const household = householdFigures(figures.data ?? []);

  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-2 print:hidden">
      {open && (
        <section
          role="dialog"
          aria-label={`${personality.name}, your energy assistant`}
          className="w-[min(360px,calc(100vw-2rem))] rounded-xl border bg-card text-card-foreground shadow-lg"
        >
          <header className="flex items-center justify-between gap-2 border-b px-4 py-2">
            <p className="font-medium">
              <span aria-hidden>{personality.emoji}</span> {personality.name}
              <span className="ml-2 text-xs text-muted-foreground">{personality.tagline}</span>
            </p>
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" onClick={dismiss}>
                Hide for an hour
              </Button>
              <Button variant="ghost" size="icon" aria-label="Minimise assistant" onClick={toggle}>
                <X aria-hidden />
              </Button>
            </div>
          </header>
          <Tabs value={tab} onValueChange={setTab} className="p-3">
            <TabsList className="w-full">
              <TabsTrigger value="home">Home</TabsTrigger>
              <TabsTrigger value="qa">Q&amp;A</TabsTrigger>
              <TabsTrigger value="style">Style</TabsTrigger>
            </TabsList>
            <TabsContent value="home" className="space-y-3 pt-2 text-sm">
              <p>{personality.greeting}</p>
              <section aria-label={household.example ? 'Example household' : 'Your household'} className={cn('rounded-md border p-2', household.example && 'border-dashed')}>
                <h3 className="text-xs font-medium text-muted-foreground">
                  {household.example ? 'Example household (not your figures)' : 'From your bills'}
                </h3>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
                  <dt>Monthly usage</dt>
                  <dd className="text-right tabular-nums">
                    {household.latestBillId ? <a className="underline" href={`/dashboard/bills/${household.latestBillId}`}>{kwh(household.monthlyKwh)}</a> : kwh(household.monthlyKwh)}
                  </dd>
                  <dt>{household.example ? 'Yearly usage' : `Last ${household.yearlyBills === 1 ? 'bill' : `${household.yearlyBills} bills`} in a year`}</dt>
                  <dd className="text-right tabular-nums">{kwh(household.yearlyKwh)}</dd>
                  <dt>Savings estimate</dt>
                  <dd className="text-right tabular-nums">{money(household.savings)} a year</dd>
                  <dt>Suggested monthly goal</dt>
                  <dd className="text-right tabular-nums">{kwh(household.goalKwh)}</dd>
                  {isAuthenticated && memory.totalSavings !== null && memory.totalSavings > 0 && (
                    <>
                      <dt>Saved by what you implemented</dt>
                      <dd className="text-right tabular-nums">{money(memory.totalSavings)} a year</dd>
                    </>
                  )}
                </dl>
                {household.example && <p className="mt-1 text-xs text-muted-foreground">{isAuthenticated ? 'Upload a bill to see your own figures.' : 'Sign in and upload a bill to see your own figures.'}</p>}
              </section>
              <p className="flex items-center justify-between gap-2">
                <span>
                  Location:{' '}
                  {memory.location && memory.lastZipCode
                    ? `${memory.location.city ? `${memory.location.city}, ` : ''}${memory.location.state} ${memory.lastZipCode}`
                    : 'not set'}
                </span>
                <Button variant="link" size="sm" onClick={() => setLocating(true)}>
                  Update Location
                </Button>
              </p>
              <div>
                <h3 className="text-xs font-medium text-muted-foreground">Quick actions</h3>
                <ul className="mt-1 grid grid-cols-1 gap-1">
                  {QUICK_ACTIONS.map((a) => (
                    <li key={a.to}>
                      <Button
                        variant="outline"
                        size="sm"
                        className="w-full justify-start"
                        onClick={() => {
                          setOpen(false);
                          remember({ completedSteps: withStep(memory.completedSteps, 'used-quick-action') });
                          void navigate(a.to);
                        }}
                      >
                        {a.label}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
              <StayUpdatedButton />
            </TabsContent>
            <TabsContent value="qa" className="space-y-3 pt-2 text-sm">
              <div className="flex flex-wrap gap-1">
                {QUICK_QUESTIONS.map((q) => (
                  <Button key={q} variant="outline" size="sm" disabled={thinking} onClick={() => void ask(q)}>
                    {q}
                  </Button>
                ))}
              </div>
              <form
                className="flex gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  void ask(question);
                }}
              >
                <label htmlFor="assistant-bubble-question" className="sr-only">
                  Your question
                </label>
                <Input id="assistant-bubble-question" value={question} onChange={(e) => setQuestion(e.target.value)} placeholder="Ask your own question..." disabled={thinking} />
                <Button type="submit" size="sm" disabled={thinking || !question.trim()}>
                  Ask
                </Button>
              </form>
              <div aria-live="polite" className="max-h-64 overflow-y-auto">
                {thinking && <p className="text-muted-foreground">{personality.thinking}</p>}
                {answerError && <p className="text-destructive">{answerError}</p>}
                {answer && (
                  <ul>
                    <ChatMessageView message={{ ...answer, content: `${personality.answerOpener} ${answer.content} ${personality.signOff}` }} />
                  </ul>
                )}
              </div>
            </TabsContent>
            <TabsContent value="style" className="pt-2 text-sm">
              <fieldset className="space-y-2">
                <legend className="text-xs font-medium text-muted-foreground">Choose your assistant</legend>
                {PERSONALITY_IDS.map((id) => {
                  const p = PERSONALITIES[id];
                  return (
                    <label key={id} className={cn('flex cursor-pointer items-center gap-2 rounded-md border p-2', memory.preferredPersonality === id && 'border-primary')}>
                      <input type="radio" name="assistant-personality" value={id} checked={memory.preferredPersonality === id} onChange={() => remember({ preferredPersonality: id, completedSteps: withStep(memory.completedSteps, 'chose-personality') })}
                      />
                      <span aria-hidden>{p.emoji}</span>
                      <span>
                        <span className="font-medium">{p.name}</span> <span className="text-muted-foreground">{p.tagline}</span>
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            </TabsContent>
          </Tabs>
        </section>
      )}
      <LocationModal
        open={locating}
        onOpenChange={setLocating}
        onLocated={(place) => remember({ lastZipCode: place.zip, location: { city: place.city, state: place.state }, completedSteps: withStep(memory.completedSteps, 'set-location') })}
      />
      {celebration && (
        <p role="status" className="max-w-64 rounded-lg border border-primary bg-card px-3 py-2 text-sm shadow">
          {celebration}
        </p>
      )}
      {!open && (greeting || nudge || specialGreeting) && (
        <p role="status" className="max-w-64 rounded-lg border bg-card px-3 py-2 text-sm shadow">
          {nudge ? 'Need help with anything?' : `${personality.emoji} ${specialGreeting && specialDay ? `${specialDay} ` : ''}${personality.greeting}`}
        </p>
      )}
      <Button size="icon" className={cn('size-12 rounded-full shadow-lg', specialDay && 'ring-4 ring-primary/60 shadow-primary/40')} aria-label={open ? 'Close assistant' : 'Open assistant'} aria-expanded={open} onClick={toggle}>
        <MessageCircle aria-hidden />
      </Button>
    </div>
  );
}
