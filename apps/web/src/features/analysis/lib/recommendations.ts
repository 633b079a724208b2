import type { BillFigures as BillFiguresDto } from '@wattwise/shared/contract/bills';

/** The figures these helpers read (a bill summary has them too). */
type BillFigures = Omit<BillFiguresDto, 'usageSure' | 'amountSure'>;
import type { RecommendationCard } from '@wattwise/shared/contract/analysis';
import { billDate, providerName } from '@/lib/bill-labels.ts';
import { formatMonth } from '@/lib/format.ts';

/** 'From your Riverbend Electric bill of Mar 2026', linking to that bill: which bill a card comes from. */
export function recommendationSource(card: Pick<RecommendationCard, 'billId'>, bills: readonly BillFigures[]): { label: string; href: string } | null {
  const bill = bills.find((b) => b.id === card.billId);
  if (!bill) return null;
  const month = formatMonth(billDate(bill));
  return {
    label: `From your ${providerName(bill.utilityProvider)} bill${month ? ` of ${month}` : ''}`,
    href: `/dashboard/bills/${encodeURIComponent(bill.id)}`,
  };
}
