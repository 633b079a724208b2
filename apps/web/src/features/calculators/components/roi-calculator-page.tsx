import { CALCULATOR_MESSAGES } from '@wattwise/shared/contract/calculators';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useSavingsCalculation } from '../api/calculators.ts';
import { type CalculatorForm, formFromSearch, formToSearch, requestToSearch, toSavingsRequest } from '../lib/form.ts';
import { CalculatorFaq } from './calculator-faq.tsx';
import { CompareSection } from './compare-section.tsx';
import { ExamplesSection } from './examples-section.tsx';
import { SavingsForm } from './savings-form.tsx';
import { SavingsResults } from './savings-results.tsx';

const SECTIONS = ['calculator', 'examples', 'compare'] as const;
type Section = (typeof SECTIONS)[number];

/** Spec demo figures for the header (02-tools §9 live stats), shown as examples, never as our numbers. */
const EXAMPLE_STATS = { users: 47_329, savings: 2_847_291, reduction: 28.7 };

/** /roi-calculator (02-tools §2.7, §2.8): the savings calculator; ?section=examples|compare opens those sections. */
export function RoiCalculatorPage() {
  const [params, setParams] = useSearchParams();
  const section: Section = SECTIONS.find((s) => s === params.get('section')) ?? 'calculator';
  const shared = useMemo(() => formFromSearch(params), [params]);
  const calculation = useSavingsCalculation();
  const top = useRef<HTMLDivElement>(null);

  const calculate = (form: CalculatorForm) => {
    calculation.mutate(toSavingsRequest(form), {
      onError: () => toast.error(CALCULATOR_MESSAGES.errorTitle, { description: CALCULATOR_MESSAGES.error }),
    });
  };
  // A shared link calculates at once.
  const sharedKey = shared ? formToSearch(shared).toString() : null;
  useEffect(() => {
    if (shared) calculate(shared);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per shared link
  }, [sharedKey]);

  const setSection = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'calculator') next.delete('section');
    else next.set('section', value);
    setParams(next, { replace: true });
  };
  const shareUrl = calculation.variables ? `${window.location.origin}/roi-calculator?${requestToSearch(calculation.variables).toString()}` : window.location.href;
  const recalculate = () => {
    top.current?.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    document.getElementById('electricBill')?.focus({ preventScroll: true });
  };

  return (
    <section className="mx-auto grid w-full max-w-[1200px] gap-8 px-4 py-10 md:px-6">
      <div ref={top} className="grid gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Savings calculator</h1>
          <p className="mt-1 text-muted-foreground">See what Wattwise could save you, with your state’s real energy prices.</p>
        </div>
        <dl className="grid grid-cols-3 gap-3 rounded-xl border bg-muted/40 p-4 text-center" aria-describedby="example-stats-note">
          <div>
            <dt className="text-xs text-muted-foreground">Active users</dt>
            <dd className="text-xl font-semibold tabular-nums">{EXAMPLE_STATS.users.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Total savings</dt>
            <dd className="text-xl font-semibold tabular-nums">${(EXAMPLE_STATS.savings / 1_000_000).toFixed(1)}M</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Average reduction</dt>
            <dd className="text-xl font-semibold tabular-nums">{EXAMPLE_STATS.reduction}%</dd>
          </div>
        </dl>
        <p id="example-stats-note" className="-mt-2 text-xs text-muted-foreground">
          Example figures for illustration.
        </p>
      </div>
      <Tabs value={section} onValueChange={setSection}>
        <TabsList>
          <TabsTrigger value="calculator">Calculator</TabsTrigger>
          <TabsTrigger value="examples">Examples</TabsTrigger>
          <TabsTrigger value="compare">Compare</TabsTrigger>
        </TabsList>
        <TabsContent value="calculator" className="mt-6 grid gap-8">
          <SavingsForm initial={shared} busy={calculation.isPending} onCalculate={calculate} />
          {calculation.data && <SavingsResults data={calculation.data} shareUrl={shareUrl} onRecalculate={recalculate} />}
          <CalculatorFaq />
        </TabsContent>
        <TabsContent value="examples" className="mt-6">
          <ExamplesSection />
        </TabsContent>
        <TabsContent value="compare" className="mt-6">
          <CompareSection state={calculation.data?.regional.state ?? null} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
