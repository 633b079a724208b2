import { BILL_TYPE_LABELS } from '@/lib/bill-labels.ts';
import type { BillFigures as BillFiguresDto } from '@wattwise/shared/contract/bills';

/** The figures these helpers read (a bill summary has them too; only the figures list says which are sure). */
type BillFigures = Omit<BillFiguresDto, 'usageSure' | 'amountSure'> & Partial<Pick<BillFiguresDto, 'usageSure' | 'amountSure'>>;
import { providerName } from '@/lib/bill-labels.ts';
import { periodCost } from './overview.ts';
import { formatMoney, formatMonth, formatUsage } from '@/lib/format.ts';

export interface ChartPoint {
  /** `YYYY-MM` */
  month: string;
  label: string;
  billId: string;
  usage: number | null;
  /** This period's charges; null when the amount was not read (left out, never drawn as $0). */
  cost: number | null;
  /** Same month one year earlier, when that bill exists. */
  lastYearUsage: number | null;
  lastYearCost: number | null;
  hasAnomalies: boolean;
  /** The usage, or the amount, was read unsure and not confirmed yet: shown as an estimate. */
  usageEstimate: boolean;
  costEstimate: boolean;
}

export interface AccountSeries {
  key: string;
  title: string;
  unit: string | null;
  points: ChartPoint[];
  summary: string;
  /** The newest bill of the account (for its weather-normalised comparison). */
  latestBill: { id: string; billType: string } | null;
}

const DAY_MS = 86_400_000;

/** Under a chart of one bill: what the next one adds. */
export const SECOND_BILL_HINT = 'Your next bill will show how your usage and cost change from month to month.';

/** Month a bill mostly covers: middle of its service period, else its end, due or upload date. */
export function billMonth(bill: Pick<BillFigures, 'servicePeriodStart' | 'servicePeriodEnd' | 'dueDate' | 'createdAt'>): string {
  const start = bill.servicePeriodStart ? Date.parse(`${bill.servicePeriodStart.slice(0, 10)}T00:00:00Z`) : NaN;
  const end = bill.servicePeriodEnd ? Date.parse(`${bill.servicePeriodEnd.slice(0, 10)}T00:00:00Z`) : NaN;
  if (Number.isFinite(start) && Number.isFinite(end) && end >= start) {
    const middle = new Date(start + Math.floor((end - start) / DAY_MS / 2) * DAY_MS);
    return middle.toISOString().slice(0, 7);
  }
  return (bill.servicePeriodEnd ?? bill.dueDate ?? bill.createdAt).slice(0, 7);
}

function accountKey(bill: BillFigures): string {
  return bill.accountId ?? `${bill.utilityProvider}|${bill.accountNumber}|${bill.billType}`;
}

function accountTitle(bill: BillFigures): string {
  const account = bill.accountNumber && bill.accountNumber !== 'Unknown' ? ` · account ${bill.accountNumber}` : '';
  return `${providerName(bill.utilityProvider)} · ${BILL_TYPE_LABELS[bill.billType]}${account}`;
}

function mostCommon(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/** Plain-English description of a series, shown beside its chart (docs/design.md accessibility). */
export function describeSeries(points: readonly ChartPoint[], unit: string | null): string {
  if (!points.length) return 'No processed bills yet.';
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return '';
  const parts: string[] = [];
  parts.push(
    points.length === 1
      ? `1 bill, for ${first.label}.`
      : `${points.length} bills from ${first.label} to ${last.label}.`,
  );
  if (points.length === 1) parts.push(SECOND_BILL_HINT);
  const costed = points.filter((point): point is ChartPoint & { cost: number } => point.cost != null);
  const billsToConfirm = (n: number, what: string) => `an estimate: the ${what} of ${n === 1 ? '1 bill is' : `${n} bills are`} still to confirm`;
  if (costed.length) {
    const averageCost = costed.reduce((sum, point) => sum + point.cost, 0) / costed.length;
    const unsure = costed.filter((point) => point.costEstimate).length;
    parts.push(unsure ? `Average cost about ${formatMoney(averageCost)} per bill (${billsToConfirm(unsure, 'amount')}).` : `Average cost ${formatMoney(averageCost)} per bill.`);
  }
  if (costed.length > 1) {
    const highest = costed.reduce((top, point) => (point.cost > top.cost ? point : top));
    parts.push(`Highest: ${highest.label} at ${formatMoney(highest.cost)}.`);
  }
  if (costed.length < points.length) parts.push(`${points.length - costed.length} without an amount read.`);
  const usagePoints = points.filter((point) => point.usage != null);
  if (usagePoints.length) {
    const averageUsage = usagePoints.reduce((sum, point) => sum + (point.usage ?? 0), 0) / usagePoints.length;
    const unsure = usagePoints.filter((point) => point.usageEstimate).length;
    parts.push(unsure ? `Average usage about ${formatUsage(averageUsage, unit) ?? ''} (${billsToConfirm(unsure, 'usage')}).` : `Average usage ${formatUsage(averageUsage, unit) ?? ''}.`);
  }
  const previous = points[points.length - 2];
  if (previous?.cost != null && previous.cost > 0 && last.cost != null) {
    const change = (last.cost - previous.cost) / previous.cost;
    const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'unchanged';
    parts.push(
      direction === 'unchanged'
        ? `The latest bill cost the same as the one before.`
        : `The latest bill (${formatMoney(last.cost)}) is ${direction} ${Math.abs(Math.round(change * 100))}% on the one before.`,
    );
  }
  const flagged = points.filter((point) => point.hasAnomalies).length;
  if (flagged) parts.push(`${flagged} ${flagged === 1 ? 'bill was' : 'bills were'} flagged as unusual.`);
  return parts.join(' ');
}

/** Middle day of a bill's service period (else its end, due or upload day), in days since 1970. */
function refDay(bill: Pick<BillFigures, 'servicePeriodStart' | 'servicePeriodEnd' | 'dueDate' | 'createdAt'>): number {
  const start = bill.servicePeriodStart ? Date.parse(`${bill.servicePeriodStart.slice(0, 10)}T00:00:00Z`) : NaN;
  const end = bill.servicePeriodEnd ? Date.parse(`${bill.servicePeriodEnd.slice(0, 10)}T00:00:00Z`) : NaN;
  if (Number.isFinite(start) && Number.isFinite(end) && end >= start) return Math.floor((start + end) / 2 / DAY_MS);
  return Math.floor(Date.parse(`${(bill.servicePeriodEnd ?? bill.dueDate ?? bill.createdAt).slice(0, 10)}T00:00:00Z`) / DAY_MS);
}

/** "The same bill last year": 365 days earlier ± 20 (the tolerance every screen uses). */
const YEAR_DAYS = 365;
const YEAR_TOLERANCE_DAYS = 20;

/**
 * Usage and cost over time, one series per utility account (history and anomalies are per
 * account). Only processed bills count, and every one of them is a point: two bills in one
 * month are both drawn (the second labelled as such), and a corrected period moves a bill, it
 * never drops it.
 */
export function buildAccountSeries(bills: readonly BillFigures[]): AccountSeries[] {
  const groups = new Map<string, BillFigures[]>();
  for (const bill of bills) {
    if (bill.status !== 'processed') continue;
    const key = accountKey(bill);
    groups.set(key, [...(groups.get(key) ?? []), bill]);
  }
  const series: AccountSeries[] = [];
  for (const [key, group] of groups) {
    const ordered = [...group].sort((a, b) => refDay(a) - refDay(b) || a.createdAt.localeCompare(b.createdAt));
    const seen = new Map<string, number>();
    const points = ordered.map((bill): ChartPoint => {
      const month = billMonth(bill);
      const nth = (seen.get(month) ?? 0) + 1;
      seen.set(month, nth);
      const day = refDay(bill);
      let lastYear: BillFigures | null = null;
      for (const other of ordered) {
        const gap = Math.abs(refDay(other) - (day - YEAR_DAYS));
        if (other !== bill && gap <= YEAR_TOLERANCE_DAYS && (lastYear === null || gap < Math.abs(refDay(lastYear) - (day - YEAR_DAYS)))) lastYear = other;
      }
      const label = formatMonth(month) ?? month;
      return {
        month,
        label: nth === 1 ? label : `${label} (bill ${nth})`,
        billId: bill.id,
        usage: bill.usageAmount,
        cost: periodCost(bill),
        lastYearUsage: lastYear?.usageAmount ?? null,
        lastYearCost: lastYear ? periodCost(lastYear) : null,
        hasAnomalies: bill.analyzed && bill.hasAnomalies,
        usageEstimate: bill.usageAmount !== null && bill.usageSure === false,
        costEstimate: periodCost(bill) !== null && bill.amountSure === false,
      };
    });
    const unit = mostCommon(group.map((bill) => bill.usageUnit));
    const sample = group[group.length - 1] ?? group[0];
    if (!sample) continue;
    const latest = ordered[ordered.length - 1];
    series.push({ key, title: accountTitle(sample), unit, points, summary: describeSeries(points, unit), latestBill: latest ? { id: latest.id, billType: latest.billType } : null });
  }
  return series.sort((a, b) => b.points.length - a.points.length);
}

/**
 * The sentence above the charts: it promises a dashed last-year line only when one is drawn,
 * and red dots only when a bill is flagged.
 */
export function describeInsightsLegend(series: readonly AccountSeries[]): string {
  const charted = series.filter((item) => item.points.length > 1);
  const parts = ['How usage and cost moved from bill to bill, per account.'];
  if (charted.some((item) => item.points.some((point) => point.lastYearCost != null || point.lastYearUsage != null))) {
    parts.push('The dashed line is the same month last year.');
  }
  if (charted.some((item) => item.points.some((point) => point.hasAnomalies))) parts.push('Red dots are bills flagged as unusual.');
  return parts.join(' ');
}
