import type { Rebate } from '@wattwise/shared/contract/rebates';
import { CalendarIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardTitle } from '@/components/ui/card.tsx';
import { formatDay, wholeDollars } from '../lib/format.ts';

/** Pieces both rebate cards (the catalogue's and a ranked pick's) show the same way. */
export function ProgramHeading({ rebate }: { rebate: Rebate }) {
  return (
    <>
      <p className="text-xs font-medium text-muted-foreground">{rebate.provider}</p>
      <CardTitle className="text-base leading-snug">{rebate.programName}</CardTitle>
    </>
  );
}

/** The card's headline figure in whole dollars, under its label, with an optional note below. */
export function HeadlineAmount({ label, dollars, children }: { label: string; dollars: number; children?: ReactNode }) {
  return (
    <div>
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold text-primary tabular-nums">{wholeDollars(dollars)}</p>
      {children}
    </div>
  );
}

export function ExpiryLine({ rebate }: { rebate: Rebate }) {
  return (
    <p className="flex items-center gap-1 text-xs text-muted-foreground">
      <CalendarIcon className="size-3.5" aria-hidden />
      {rebate.expirationDate ? `Expires ${formatDay(rebate.expirationDate)}` : 'No expiration date'}
    </p>
  );
}
