import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { cn } from '@/lib/utils.ts';
import { providerName } from '@/lib/bill-labels.ts';
import { formatAmountDue, formatChange, formatDate, formatMoney, MISSING_VALUE } from '@/lib/format.ts';
import type { OverviewFigures as Figures } from '../lib/overview.ts';

function FigureCard({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Card className="gap-1 py-5">
      <CardContent className="grid gap-1">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
        <p className="text-3xl font-semibold tabular-nums">{value}</p>
        <div className="text-sm text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}

/** One big number per card (docs/design.md): latest bill, potential savings, bills read and analyzed. */
export function OverviewFigures({ figures }: { figures: Figures }) {
  const { latest } = figures;
  const change = latest?.changePct ?? null;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FigureCard label="Latest bill" value={latest ? (latest.amount != null ? formatAmountDue(latest.amount) : MISSING_VALUE) : '—'}>
        {latest ? (
          <>
            {change !== null && change !== 0 && (
              <span className={cn('mr-1 inline-flex items-center gap-0.5 font-medium', change > 0 ? 'text-destructive' : 'text-primary')}>
                {change > 0 ? <ArrowUpIcon className="size-3.5" aria-hidden /> : <ArrowDownIcon className="size-3.5" aria-hidden />}
                {latest.changeEstimate ? 'about ' : ''}
                {formatChange(change)} on the bill before
              </span>
            )}
            <span className="block">
              {providerName(latest.provider)}, {formatDate(latest.date)}
            </span>
            {latest.amountEstimate && <span className="block">An estimate: confirm the amount on the bill’s page</span>}
          </>
        ) : (
          'No bill read yet'
        )}
      </FigureCard>
      <FigureCard label="Potential savings per year" value={figures.annualSavings === 0 && figures.toConfirm > 0 ? 'To confirm' : formatMoney(figures.annualSavings)}>
        {figures.oneTimeSavings > 0 ? `Plus ${formatMoney(figures.oneTimeSavings)} to claim back once` : 'The recommendations below taken together, without counting a cost twice'}
        {figures.toConfirm > 0 && (
          <span className="block">
            {figures.toConfirm} {figures.toConfirm === 1 ? 'estimate' : 'estimates'} not counted: confirm usage to see {figures.toConfirm === 1 ? 'it' : 'them'}
          </span>
        )}
      </FigureCard>
      <FigureCard label="Bills analyzed" value={`${figures.analyzed} of ${figures.processed}`}>
        {figures.flagged > 0 ? `${figures.flagged} flagged as unusual` : 'Nothing unusual flagged'}
      </FigureCard>
    </div>
  );
}
