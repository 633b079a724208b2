import type { Citation } from '@wattwise/shared/contract/assistant';
import type { AccountForecast } from '@wattwise/shared/contract/ml-analytics';
import { toDayNumber, yearAgoGap } from '@wattwise/shared/analysis/dates';
import {
  amountCitation,
  type BillFact,
  billDate,
  billLabel,
  billMonth,
  billsNamedIn,
  cite,
  formatDay,
  formatMoney,
  formatPercent,
  formatUsage,
  kindLabel,
  monthLabel,
  ofKind,
  periodDays,
  sameAccount,
  usageCitation,
} from './bill-facts.ts';
import { searchGuidance } from './guidance-index.ts';
import { type BillKind, type Intent, needsUserData } from './intents.ts';

/**
 * The offline engine (the default, no model): answers from the signed-in user's own bills,
 * analyses, recommendations and matching rebates, and from the FAQ and guidance. Every figure
 * it states is a figure of the data it was given, cited with the bill it came from; what the
 * data cannot answer gets "I can't tell from your bills yet" with what to upload.
 */

export const OFFLINE_ENGINE = 'Wattwise offline assistant';
export const CANT_TELL = "I can't tell from your bills yet";
export const UPLOAD_HINT = 'Upload it on the Upload page (/bill-upload) as a PDF, JPG, PNG or HEIC and ask again.';

export type AnomalyFact = { billId: string; title: string; explanation: string };
export type RecommendationFact = { billId: string; title: string; savings: number; savingsPeriod: 'annual' | 'one_time' };
export type RebateFact = { programName: string; provider: string; amount: number; href: string };

export type AssistantData = {
  /** Read bills, newest period first. */
  bills: BillFact[];
  anomalies?: AnomalyFact[];
  recommendations?: RecommendationFact[];
  /** Null: the rebates feature could not be reached. */
  rebates?: RebateFact[] | null;
  /** Each utility account's own forecast (ML analytics). */
  forecasts?: AccountForecast[];
  /** The typical residential electricity bill of the user's state; null when unknown. */
  regionalAverage?: { stateName: string; monthlyBill: number; monthlyKwh: number; usdPerKwh: number } | null;
  /** Today, for "this year" (tests pass a fixed day). */
  now?: Date;
};

export type Answer = { text: string; citations: Citation[]; signInPrompt: boolean };

const answer = (text: string, citations: (Citation | null)[] = []): Answer => ({
  text,
  citations: citations.filter((c): c is Citation => c !== null),
  signInPrompt: false,
});

function noBills(kind: BillKind | null): Answer {
  return answer(`${CANT_TELL}: you have no ${kind ? `${kindLabel(kind)} ` : ''}bills that have been read. Upload a ${kind ? kindLabel(kind) : 'utility'} bill: ${UPLOAD_HINT}`);
}

/** The visitor's answer: general guidance where it fits, and an invitation to sign in. */
export function answerVisitor(intent: Intent, question: string): Answer {
  const found = searchGuidance(question);
  const general = found.length ? `${found.map((e) => e.text).join(' ')} ` : '';
  if (!needsUserData(intent) && found.length) return answer(found.map((e) => e.text).join(' '));
  return {
    text: `${general}Sign in and upload your bills to ask about your own amounts, usage, trends, recommendations and rebates: every answer then cites the bill it comes from.`,
    citations: [],
    signInPrompt: true,
  };
}

export function answerQuestion(intent: Intent, question: string, all: AssistantData): Answer {
  // A question that names a utility (by its legal name or its brand) is about that utility's bills.
  const data = { ...all, bills: billsNamedIn(question, all.bills) };
  switch (intent.kind) {
    case 'guidance':
      return guidance(question);
    case 'rebates':
      return rebates(data.rebates);
    case 'recommendations':
      return recommendations(data);
    case 'anomalies':
      return anomalies(data);
    case 'why_higher':
      return compareLatest(data.bills, intent.billType, true);
    case 'month_change':
      return compareLatest(data.bills, intent.billType, false);
    case 'year_over_year':
      return yearOverYear(data.bills, intent.billType);
    case 'month':
      return inMonth(data.bills, intent);
    case 'extreme':
      return extreme(data.bills, intent);
    case 'due':
      return due(data.bills, intent.billType);
    case 'trend':
      return trend(data.bills, intent.billType);
    case 'latest':
      return latest(data.bills, intent.billType);
    case 'neighbour':
      return neighbour(data);
    case 'forecast':
      return forecast(data, intent.billType);
    case 'spent':
      return spent(data, intent);
  }
}

function neighbour(data: AssistantData): Answer {
  const regional = data.regionalAverage;
  const offer = regional
    ? ` What I can give you is the regional average: a typical household in ${regional.stateName} uses about ${formatUsage(Math.round(regional.monthlyKwh), 'kWh')} of electricity a month, about ${formatMoney(regional.monthlyBill)} at ${formatMoney(regional.usdPerKwh)} per kWh (EIA figures).`
    : ' I have no regional average for your area either; your own bills are on the Dashboard.';
  return answer(`I don't know other households' bills: Wattwise never shows one household's bills to anyone else, so I can't tell you your neighbour's bill.${offer}`);
}

function forecast(data: AssistantData, kind: BillKind | null): Answer {
  const all = (data.forecasts ?? []).filter((f) => kind === null || f.billType === kind);
  if (!all.length) return data.bills.length ? answer(`${CANT_TELL}: none of your ${kind ? `${kindLabel(kind)} ` : ''}bills has a service period and usage to forecast from. ${UPLOAD_HINT}`) : noBills(kind);
  const lines = all.map((f) => {
    if (!f.forecast) {
      const more = f.tooFewBills?.more ?? 0;
      return `${CANT_TELL} for ${f.label}: its forecast needs ${f.tooFewBills?.need ?? more + f.bills} bills of that account and it has ${f.bills}${more ? `; upload ${more} more` : ''}.`;
    }
    const p = f.forecast;
    const period = `${formatDay(p.periodStart)} to ${formatDay(p.periodEnd)}`;
    const money = p.cost !== null ? `about ${formatMoney(p.cost)}${p.costLow !== null && p.costHigh !== null ? ` (likely ${formatMoney(p.costLow)} to ${formatMoney(p.costHigh)})` : ''} for ` : '';
    const error = f.mape === null ? 'it has not been backtested yet' : `on this account's past bills it missed by ${f.mape.toFixed(1)}% on average`;
    const past = p.periodEnd < (data.now ?? new Date()).toISOString().slice(0, 10) ? ` That period has already ended: upload ${f.label}'s newer bills for a forecast of the coming one.` : '';
    return `Your next ${f.label} bill (${period}) is forecast at ${money}${formatUsage(Math.round(p.usage), f.unit)} (likely ${formatUsage(Math.round(p.usageLow), f.unit)} to ${formatUsage(Math.round(p.usageHigh), f.unit)}), from that account's ${f.bills} bills only; ${error}.${past}`;
  });
  return answer(`${lines.join(' ')} See ML Analytics (/ml-analytics) for the backtest.`);
}

function yearOf(bill: BillFact): number | null {
  const m = billMonth(bill);
  if (m) return m.year;
  return bill.dueDate ? Number(bill.dueDate.slice(0, 4)) : null;
}

function spent(data: AssistantData, intent: Extract<Intent, { kind: 'spent' }>): Answer {
  const thisYear = (data.now ?? new Date()).getUTCFullYear();
  const year = intent.year === 'this' ? thisYear : intent.year === 'last' ? thisYear - 1 : intent.year;
  const inYear = ofKind(data.bills, intent.billType).filter((b) => yearOf(b) === year);
  const what = `${intent.billType ? `${kindLabel(intent.billType)} ` : ''}bills`;
  if (!inYear.length) return answer(`${CANT_TELL}: none of your ${what} is for ${year}. ${UPLOAD_HINT}`);
  const counted = inYear.filter((b) => b.totalAmount !== null && b.amountSure);
  const unsure = inYear.filter((b) => b.totalAmount !== null && !b.amountSure);
  const missing = inYear.filter((b) => b.totalAmount === null);
  const left: string[] = [];
  if (unsure.length) left.push(`${unsure.length} whose amount needs checking (${unsure.map(billLabel).join('; ')}): confirm the amount on the bill page to count it`);
  if (missing.length) left.push(`${missing.length} whose amount was not read (${missing.map(billLabel).join('; ')})`);
  const leftText = left.length ? ` Not counted: ${left.join('; and ')}.` : '';
  if (!counted.length) return answer(`${CANT_TELL} how much you spent in ${year}: no amount of your ${what} for ${year} is confirmed yet.${leftText}`);
  const total = counted.reduce((s, b) => s + (b.totalAmount ?? 0), 0);
  return answer(
    `In ${year} you spent ${formatMoney(total)} on ${what}: the amounts due of ${counted.length} ${counted.length === 1 ? 'bill' : 'bills'} added up.${leftText}`,
    counted.map(amountCitation),
  );
}

function guidance(question: string): Answer {
  const found = searchGuidance(question);
  if (found.length) return answer(found.map((e) => e.text).join(' '));
  return answer(
    'I answer from your own bills: your highest or lowest bill, your usage in a month, why a bill went up, due dates, trends, anomalies, recommendations and matching rebates. I can also answer questions from the FAQ and give energy-saving guidance. Try "What was my highest bill?"',
  );
}

function latest(bills: BillFact[], kind: BillKind | null): Answer {
  const [bill] = ofKind(bills, kind);
  if (!bill) return noBills(kind);
  const parts = [`Your latest bill is the ${billLabel(bill)}`];
  if (bill.totalAmount !== null) parts.push(`for ${formatMoney(bill.totalAmount)}`);
  if (bill.usageAmount !== null) parts.push(`with ${formatUsage(bill.usageAmount, bill.usageUnit)} used`);
  const dueText = bill.dueDate ? `, due ${formatDay(bill.dueDate)}` : '';
  return answer(`${parts.join(' ')}${dueText}.`, [amountCitation(bill), usageCitation(bill), bill.dueDate ? cite(bill, 'Due date', formatDay(bill.dueDate)) : null]);
}

function extreme(bills: BillFact[], intent: Extract<Intent, { kind: 'extreme' }>): Answer {
  const usage = intent.measure === 'usage';
  const candidates = ofKind(bills, intent.billType).filter((b) => (usage ? b.usageAmount !== null : b.totalAmount !== null));
  if (!candidates.length) return noBills(intent.billType);
  const value = (b: BillFact) => (usage ? (b.usageAmount ?? 0) : (b.totalAmount ?? 0));
  const sorted = [...candidates].sort((a, b) => (intent.which === 'highest' ? value(b) - value(a) : value(a) - value(b)));
  const top = sorted[0] as BillFact;
  const shown = usage ? formatUsage(value(top), top.usageUnit) : formatMoney(value(top));
  const what = usage ? 'usage' : `${intent.billType ? `${kindLabel(intent.billType)} ` : ''}bill`;
  const of = candidates.length > 1 ? ` of the ${candidates.length} bills I have` : ' (it is the only one I have)';
  return answer(`Your ${intent.which} ${what}${of} is ${shown}: the ${billLabel(top)}.`, [usage ? usageCitation(top) : amountCitation(top)]);
}

function inMonth(bills: BillFact[], intent: Extract<Intent, { kind: 'month' }>): Answer {
  const kind = intent.billType;
  const inThatMonth = ofKind(bills, kind).filter((b) => {
    const m = billMonth(b);
    return m !== null && m.month === intent.month.month && (intent.month.year === null || m.year === intent.month.year);
  });
  const year = intent.month.year ?? Math.max(0, ...inThatMonth.map((b) => billMonth(b)?.year ?? 0));
  const matches = inThatMonth.filter((b) => billMonth(b)?.year === year);
  const asked = monthLabel({ month: intent.month.month, year: intent.month.year });
  if (!matches.length) {
    return answer(
      `${CANT_TELL}: none of your ${kind ? `${kindLabel(kind)} ` : ''}bills covers ${asked}. Upload your ${asked} ${kind ? kindLabel(kind) : 'utility'} bill: ${UPLOAD_HINT}`,
    );
  }
  const usage = intent.measure === 'usage';
  const lines: string[] = [];
  const citations: (Citation | null)[] = [];
  for (const bill of matches) {
    if (usage && bill.usageAmount === null) {
      lines.push(`${CANT_TELL}: the ${billLabel(bill)} does not show how much you used.`);
      continue;
    }
    if (!usage && bill.totalAmount === null) {
      lines.push(`${CANT_TELL}: the amount of the ${billLabel(bill)} was not read. Open the bill and correct it.`);
      continue;
    }
    const range = bill.periodStart && bill.periodEnd ? ` (service ${formatDay(bill.periodStart)} to ${formatDay(bill.periodEnd)})` : '';
    lines.push(
      usage
        ? `In ${monthLabel({ month: intent.month.month, year })} you used ${formatUsage(bill.usageAmount ?? 0, bill.usageUnit)} of ${kindLabel(bill.billType)}, according to the ${billLabel(bill)}${range}.`
        : `Your ${billLabel(bill)} was ${formatMoney(bill.totalAmount ?? 0)}${range}.`,
    );
    citations.push(usage ? usageCitation(bill) : amountCitation(bill));
  }
  return answer(lines.join(' '), citations);
}

/** The bill before `bill` of the same utility account (never another account's). */
function previousOf(bills: BillFact[], bill: BillFact): BillFact | null {
  return sameAccount(bills, bill).find((b) => billDate(b) < billDate(bill)) ?? null;
}

function compareLatest(bills: BillFact[], kind: BillKind | null, askedWhyHigher: boolean): Answer {
  const latestBill = ofKind(bills, kind).find((b) => b.totalAmount !== null);
  if (!latestBill) return noBills(kind);
  const previous = previousOf(
    bills.filter((b) => b.totalAmount !== null),
    latestBill,
  );
  if (!previous) {
    const why =
      latestBill.accountKey === null
        ? `I could not tell which utility account your ${billLabel(latestBill)} belongs to, and I only compare bills of one account. Open the bill and check its account number.`
        : `I only compare bills of one utility account, and I have no earlier bill of the account of your ${billLabel(latestBill)}. Upload that account's previous bill: ${UPLOAD_HINT}`;
    return answer(`${CANT_TELL}: ${why}`, [amountCitation(latestBill)]);
  }
  return compareBills(latestBill, previous, askedWhyHigher ? 'why' : 'change');
}

function compareBills(now: BillFact, before: BillFact, mode: 'why' | 'change' | 'year'): Answer {
  const a = now.totalAmount ?? 0;
  const b = before.totalAmount ?? 0;
  const diff = a - b;
  const citations: (Citation | null)[] = [amountCitation(now), amountCitation(before)];
  const direction = diff > 0 ? 'higher' : diff < 0 ? 'lower' : 'the same';
  const sentences = [
    diff === 0
      ? `Your ${billLabel(now)} was ${formatMoney(a)}, the same as the ${billLabel(before)}.`
      : `Your ${billLabel(now)} was ${formatMoney(a)}, ${formatMoney(Math.abs(diff))} ${direction}${b > 0 ? ` (${formatPercent(diff / b)})` : ''} than the ${billLabel(before)} at ${formatMoney(b)}.`,
  ];
  if (mode === 'why' && diff <= 0) sentences.push('So your last bill was not higher.');
  const reasons: string[] = [];
  let usageShare = 0;
  if (now.usageAmount !== null && before.usageAmount !== null && now.usageUnit === before.usageUnit) {
    const du = now.usageAmount - before.usageAmount;
    citations.push(usageCitation(now), usageCitation(before));
    if (du !== 0) {
      reasons.push(`you used ${formatUsage(now.usageAmount, now.usageUnit)} against ${formatUsage(before.usageAmount, before.usageUnit)} (${du > 0 ? 'up' : 'down'} ${formatUsage(Math.abs(du), now.usageUnit)})`);
      usageShare = before.usageAmount > 0 ? du / before.usageAmount : 0;
    } else reasons.push(`your usage was the same (${formatUsage(now.usageAmount, now.usageUnit)})`);
  }
  const daysNow = periodDays(now);
  const daysBefore = periodDays(before);
  if (daysNow !== null && daysBefore !== null && daysNow !== daysBefore) {
    reasons.push(`the billing period was ${daysNow} days against ${daysBefore}`);
    citations.push(cite(now, 'Days in period', `${daysNow} days`), cite(before, 'Days in period', `${daysBefore} days`));
  }
  let rateShare = 0;
  if (now.usageAmount && before.usageAmount && now.usageUnit === before.usageUnit) {
    const rateNow = a / now.usageAmount;
    const rateBefore = b / before.usageAmount;
    if (Math.abs(rateNow - rateBefore) >= 0.001) {
      const unit = now.usageUnit ?? 'unit';
      reasons.push(`you paid about ${formatMoney(rateNow)} per ${unit} against ${formatMoney(rateBefore)} (amount due divided by usage)`);
      rateShare = rateBefore > 0 ? (rateNow - rateBefore) / rateBefore : 0;
    }
  }
  if (reasons.length) sentences.push(`${mode === 'why' && diff > 0 ? 'What changed' : 'Compared with then'}: ${reasons.join('; ')}.`);
  if (mode === 'why' && diff > 0) {
    if (usageShare > 0 && usageShare >= rateShare) sentences.push('Most of the increase comes from using more energy.');
    else if (rateShare > 0) sentences.push('Most of the increase comes from a higher price per unit (rates, fees or a carried balance), not from using more.');
    else if (!reasons.length) sentences.push(`${CANT_TELL} why: neither bill shows usage. Open the bills and check the usage and charges.`);
  }
  return answer(sentences.join(' '), citations);
}

function yearOverYear(bills: BillFact[], kind: BillKind | null): Answer {
  const latestBill = ofKind(bills, kind).find((b) => b.totalAmount !== null && billMonth(b) !== null);
  if (!latestBill) return noBills(kind);
  const m = billMonth(latestBill) as { month: number; year: number };
  // The same account, 12 months earlier ± 20 days (by the middle of each service period).
  const mid = (b: BillFact) => {
    const end = toDayNumber(b.periodEnd);
    const start = toDayNumber(b.periodStart);
    return end === null ? null : start === null ? end : (start + end) / 2;
  };
  const day = mid(latestBill);
  const lastYear =
    day === null
      ? undefined
      : sameAccount(bills, latestBill)
          .filter((b) => b.totalAmount !== null)
          .map((b) => ({ b, gap: mid(b) === null ? null : yearAgoGap(day, mid(b) ?? 0) }))
          .filter((x): x is { b: BillFact; gap: number } => x.gap !== null)
          .sort((x, y) => x.gap - y.gap)[0]?.b;
  if (!lastYear) {
    const wanted = monthLabel({ month: m.month, year: m.year - 1 });
    return answer(`${CANT_TELL}: I have no ${kindLabel(latestBill.billType)} bill for ${wanted} to compare with your ${billLabel(latestBill)}. Upload your ${wanted} bill: ${UPLOAD_HINT}`, [
      amountCitation(latestBill),
    ]);
  }
  return compareBills(latestBill, lastYear, 'year');
}

function due(bills: BillFact[], kind: BillKind | null): Answer {
  const withDue = ofKind(bills, kind).filter((b) => b.dueDate !== null);
  if (!withDue.length) return ofKind(bills, kind).length ? answer(`${CANT_TELL}: no due date was read from your bills. Open your latest bill and add it.`) : noBills(kind);
  const newest = [...withDue].sort((x, y) => (y.dueDate ?? '').localeCompare(x.dueDate ?? ''))[0] as BillFact;
  const amount = newest.totalAmount !== null ? ` for ${formatMoney(newest.totalAmount)}` : '';
  return answer(`Your ${billLabel(newest)}${amount} is due on ${formatDay(newest.dueDate ?? '')}.`, [amountCitation(newest), cite(newest, 'Due date', formatDay(newest.dueDate ?? ''))]);
}

function trend(bills: BillFact[], kind: BillKind | null): Answer {
  const all = ofKind(bills, kind).filter((b) => b.totalAmount !== null);
  if (!all.length) return noBills(kind);
  // Without a kind asked, the kind the user has most bills of.
  const counts = new Map<string, number>();
  for (const b of all) counts.set(b.billType, (counts.get(b.billType) ?? 0) + 1);
  const main = kind ?? [...counts.entries()].sort((x, y) => y[1] - x[1])[0]?.[0] ?? null;
  // One account's bills: the account of the newest bill of that kind.
  const newest = all.find((b) => b.billType === main) as BillFact;
  const series = [newest, ...sameAccount(all, newest)]
    .sort((x, y) => billDate(y).localeCompare(billDate(x)))
    .slice(0, 12)
    .reverse();
  if (series.length < 2) {
    return answer(`${CANT_TELL}: a trend needs at least two bills of one ${kindLabel(main)} account and I have one. Upload another month: ${UPLOAD_HINT}`, [amountCitation(series[0] as BillFact)]);
  }
  // Every bill of the series has its amount read (`all` keeps only those); one read unsure says so.
  const amountOf = (b: BillFact) => b.totalAmount as number;
  const first = series[0] as BillFact;
  const last = series[series.length - 1] as BillFact;
  const average = series.reduce((s, b) => s + amountOf(b), 0) / series.length;
  const change = amountOf(last) - amountOf(first);
  const list = series.map((b) => `${billMonth(b) ? monthLabel(billMonth(b) as { month: number; year: number }, true) : billLabel(b)}: ${formatMoney(amountOf(b))}${b.amountSure ? '' : ' (to check)'}${b.usageAmount !== null ? ` (${formatUsage(b.usageAmount, b.usageUnit)})` : ''}`);
  const unsure = series.some((b) => !b.amountSure) ? ' Amounts marked "to check" were read unsure: confirm them on the bill page, so these figures are estimates until then.' : '';
  return answer(
    `Your ${newest.provider} ${kindLabel(main)} bills, oldest first: ${list.join('; ')}. They average ${formatMoney(average)}, and the latest is ${formatMoney(Math.abs(change))} ${change >= 0 ? 'more' : 'less'} than the first.${unsure}`,
    series.flatMap((b) => [amountCitation(b), usageCitation(b)]),
  );
}

function recommendations(data: AssistantData): Answer {
  const recs = [...(data.recommendations ?? [])].sort((a, b) => b.savings - a.savings).slice(0, 3);
  const byId = new Map(data.bills.map((b) => [b.id, b]));
  if (!recs.length) {
    const base = searchGuidance('save energy lower bill heating cooling lighting', 2, 'guidance').map((e) => e.text).join(' ');
    return answer(
      `${data.bills.length ? 'None of your bills has been analysed yet: open a bill and run its analysis to get recommendations worked out from it.' : `${CANT_TELL}: recommendations are worked out from your bills. ${UPLOAD_HINT}`} Meanwhile: ${base}`,
    );
  }
  const citations: (Citation | null)[] = [];
  const lines = recs.map((r) => {
    const bill = byId.get(r.billId);
    const value = `${formatMoney(r.savings)}${r.savingsPeriod === 'annual' ? ' a year' : ' once'}`;
    if (bill) citations.push(cite(bill, `Estimated saving: ${r.title}`, value));
    return `${r.title}: about ${value}${bill ? ` (from the analysis of your ${billLabel(bill)})` : ''}`;
  });
  return answer(`Your top recommendations: ${lines.join('; ')}.`, citations);
}

function anomalies(data: AssistantData): Answer {
  if (!data.bills.length) return noBills(null);
  const byId = new Map(data.bills.map((b) => [b.id, b]));
  const found = data.anomalies ?? [];
  const checked = data.bills.slice(0, 3);
  if (!found.length) return answer(`I found nothing unusual in your latest bills (${checked.map(billLabel).join('; ')}).`, checked.map(amountCitation));
  const citations: (Citation | null)[] = [];
  const lines = found.map((a) => {
    const bill = byId.get(a.billId);
    if (bill) citations.push(amountCitation(bill));
    return `${bill ? `${billLabel(bill)}: ` : ''}${a.title}. ${a.explanation}`;
  });
  return answer(`Here is what looks unusual: ${lines.join(' ')}`, citations);
}

function rebates(found: RebateFact[] | null | undefined): Answer {
  if (found === null || found === undefined) return answer('Rebates are not set up yet.');
  if (!found.length) return answer('No rebates available for your location.');
  const top = found.slice(0, 3);
  return answer(
    `Programmes that match your home: ${top.map((r) => `${r.programName} from ${r.provider}, worth up to ${formatMoney(r.amount)}`).join('; ')}. Open Rebates (/rebates) to check eligibility and apply.`,
    top.map((r) => ({ label: 'Rebate value', value: formatMoney(r.amount), billId: null, source: r.programName, href: r.href })),
  );
}
