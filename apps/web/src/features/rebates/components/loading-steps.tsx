import { CheckIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { LOADING_STEPS } from '../messages.ts';

/** The four-step loading card, one step a second (01-core §2). */
export function LoadingSteps() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((s) => Math.min(s + 1, LOADING_STEPS.length - 1)), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Card aria-busy="true" aria-live="polite">
      <CardContent className="grid gap-3">
        <Progress value={((step + 1) / LOADING_STEPS.length) * 100} aria-label="Finding your rebates" />
        <ol className="grid gap-2 text-sm">
          {LOADING_STEPS.map((label, i) => (
            <li key={label} className={i <= step ? 'flex items-center gap-2' : 'flex items-center gap-2 text-muted-foreground'}>
              {i < step ? <CheckIcon className="size-4 text-primary" aria-hidden /> : i === step ? <Loader2Icon className="size-4 animate-spin" aria-hidden /> : <span className="size-4" />}
              {label}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
