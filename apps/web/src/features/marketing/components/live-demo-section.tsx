import { CheckCircle2Icon, PlayIcon, RotateCcwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DEMO_RESULT } from '../demo-data.ts';
import { DEMO_STAGES, DEMO_TOAST, demoSchedule, demoStateAt, STAGE_ANIMATION_MS, type DemoState } from '../lib/live-demo.ts';
import { ExampleTag, Section } from './section.tsx';

/** Notifies through sonner, loaded on demand so the landing page does not carry it. */
async function toastDemoComplete() {
  const { toast } = await import('sonner');
  toast.success(DEMO_TOAST.title, { description: DEMO_TOAST.description });
}

/** The live demo (01-core §4): four stages, then the example result and the 'Demo Complete!' toast. */
export function LiveDemoSection() {
  const [state, setState] = useState<DemoState>({ status: 'idle' });
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const start = () => {
    timers.current.forEach((id) => window.clearTimeout(id));
    const { stageStarts, completeAt } = demoSchedule();
    setState(demoStateAt(0));
    timers.current = [
      ...stageStarts.slice(1).map((at) => window.setTimeout(() => setState(demoStateAt(at)), at)),
      window.setTimeout(() => {
        setState({ status: 'complete' });
        void toastDemoComplete();
      }, completeAt),
    ];
  };

  const stage = state.status === 'running' ? state.stage : state.status === 'complete' ? DEMO_STAGES.length - 1 : -1;
  const progress = stage >= 0 ? (DEMO_STAGES[stage]?.progress ?? 0) : 0;
  const running = state.status === 'running';

  return (
    <Section id="live-demo" title="Live Demo" intro="Watch how a bill is analysed, step by step. The result is an example, not a reading of your bill.">
      <div className="grid gap-6 rounded-xl border bg-card p-6 md:grid-cols-[1fr_1fr]">
        <div className="grid content-start gap-4">
          <Button onClick={start} disabled={running} className="justify-self-start">
            {state.status === 'complete' ? <RotateCcwIcon aria-hidden /> : <PlayIcon aria-hidden />}
            {state.status === 'complete' ? 'Run Demo Again' : running ? 'Demo Running…' : 'Start Live Demo'}
          </Button>
          <div
            role="progressbar"
            aria-label="Demo progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-3 overflow-hidden rounded-full bg-secondary"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] ease-out"
              style={{ width: `${progress}%`, transitionDuration: `${STAGE_ANIMATION_MS}ms` }}
            />
          </div>
          <ol className="grid gap-2" aria-live="polite">
            {DEMO_STAGES.map((s, i) => (
              <li key={s.title} className={i <= stage ? 'flex items-center gap-2 text-sm font-medium' : 'flex items-center gap-2 text-sm text-muted-foreground'}>
                <CheckCircle2Icon className={i < stage || state.status === 'complete' ? 'size-4 text-brand' : 'size-4 opacity-40'} aria-hidden />
                {s.title}
                <span className="ml-auto tabular-nums">{s.progress}%</span>
              </li>
            ))}
          </ol>
        </div>
        <div className="grid content-start gap-3" aria-live="polite">
          {state.status === 'complete' ? (
            <>
              <p className="flex items-center gap-2 font-semibold">
                Example result <ExampleTag />
              </p>
              <dl className="grid gap-3 sm:grid-cols-3 md:grid-cols-1 lg:grid-cols-3">
                {[
                  ['Monthly savings', DEMO_RESULT.monthly],
                  ['Annual savings', DEMO_RESULT.yearly],
                  ['Cost reduction', DEMO_RESULT.reduction],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-lg border bg-background p-4">
                    <dt className="text-sm text-muted-foreground">{label}</dt>
                    <dd className="text-xl font-bold text-primary tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Press Start Live Demo to run the four analysis stages.</p>
          )}
        </div>
      </div>
    </Section>
  );
}
