/**
 * Intent detection of the offline engine: what a question asks for, read from its words.
 * Pure; the order of the checks decides between overlapping wordings.
 */

export type BillKind = 'electricity' | 'natural_gas' | 'water' | 'internet';

export type MonthRef = { month: number; year: number | null };

export type Intent =
  | { kind: 'rebates' }
  | { kind: 'anomalies' }
  | { kind: 'why_higher'; billType: BillKind | null }
  | { kind: 'year_over_year'; billType: BillKind | null }
  | { kind: 'month'; month: MonthRef; measure: 'usage' | 'amount'; billType: BillKind | null }
  | { kind: 'extreme'; which: 'highest' | 'lowest'; measure: 'usage' | 'amount'; billType: BillKind | null }
  | { kind: 'due'; billType: BillKind | null }
  | { kind: 'month_change'; billType: BillKind | null }
  | { kind: 'trend'; billType: BillKind | null }
  | { kind: 'recommendations' }
  | { kind: 'latest'; billType: BillKind | null }
  | { kind: 'neighbour'; billType: BillKind | null }
  | { kind: 'forecast'; billType: BillKind | null }
  | { kind: 'spent'; year: 'this' | 'last' | number; billType: BillKind | null }
  | { kind: 'guidance' };

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

const MONTH_PATTERN = /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b(?:\s+(?:of\s+)?((?:19|20)\d\d))?/i;

/** The month a question names ('in March', 'March 2026'); 'may' only with a year or 'in may'. */
export function monthIn(text: string): MonthRef | null {
  const match = MONTH_PATTERN.exec(text);
  if (!match?.[1]) return null;
  const word = match[1].toLowerCase();
  if (word === 'may' && !match[2] && !/\b(in|of|for|during)\s+may\b/i.test(text)) return null;
  const month = MONTH_NAMES.findIndex((name) => name.toLowerCase().startsWith(word.slice(0, 3))) + 1;
  return { month, year: match[2] ? Number(match[2]) : null };
}

export function billKindIn(text: string): BillKind | null {
  if (/\b(electric\w*|power|kwh|energy use)\b/i.test(text)) return 'electricity';
  if (/\b(gas|therms?|ccf)\b/i.test(text)) return 'natural_gas';
  if (/\b(water|gallons?)\b/i.test(text)) return 'water';
  if (/\b(internet|broadband|wifi|wi-fi)\b/i.test(text)) return 'internet';
  return null;
}

const USAGE_WORDS = /\b(use[ds]?|using|usage|consum\w*|kwh|therms?|gallons?|ccf)\b/i;

/** What the question asks for. */
export function detectIntent(question: string): Intent {
  const q = question.toLowerCase();
  const billType = billKindIn(q);
  const measure = USAGE_WORDS.test(q) ? 'usage' : 'amount';
  // Other households' bills are never the user's to see: asked first, so "how much is my neighbour's bill" is not read as the user's own.
  if (/\b(neighbou?rs?'?s?|next door|other (households?|people|homes?|users?|customers?)'?s?|someone else'?s?|everyone else'?s?)\b/.test(q)) return { kind: 'neighbour', billType };
  if (/\b(next (bill|month|period)|upcoming bill|forecast\w*|predict\w*|will (my )?(next )?(\w+ )?bill be|going to (be|cost)|expect\w* (my )?(next )?bill)\b/.test(q)) return { kind: 'forecast', billType };
  if (/\b(how much|what)\b.*\b(spen[dt]|paid|pay)\b|\btotal (spent|spending|paid|cost)\b|\bspen[dt]\b.*\b(this|last) year\b/.test(q)) {
    const year = /\b(19|20)\d\d\b/.exec(q);
    if (year || /\b(this|last) year\b|\bso far\b|\bin total\b|\btotal\b/.test(q)) return { kind: 'spent', year: year ? Number(year[0]) : /\blast year\b/.test(q) ? 'last' : 'this', billType };
  }
  if (/\b(rebates?|incentives?|tax credits?|grants?)\b/.test(q)) return { kind: 'rebates' };
  if (/\b(anomal\w*|unusual|strange|odd|mistakes?|errors?|overcharg\w*|billing problems?|spikes?)\b/.test(q)) return { kind: 'anomalies' };
  if (/\bwhy\b/.test(q) && /\b(higher|more|increase\w*|up|expensive|bigger|larger|jump\w*)\b/.test(q)) return { kind: 'why_higher', billType };
  if (/\b(last year|year[- ]over[- ]year|year[- ]to[- ]year|a year ago|same month)\b/.test(q)) return { kind: 'year_over_year', billType };
  const month = monthIn(question);
  if (month) return { kind: 'month', month, measure, billType };
  if (/\b(highest|most expensive|biggest|largest|maximum|max|peak|most)\b/.test(q)) return { kind: 'extreme', which: 'highest', measure, billType };
  if (/\b(lowest|cheapest|smallest|minimum|min|least)\b/.test(q)) return { kind: 'extreme', which: 'lowest', measure, billType };
  if (/\b(due|deadline|when (do|should|must) i pay|pay by)\b/.test(q)) return { kind: 'due', billType };
  if (/\b(last month|previous (month|bill)|month[- ]to[- ]month|month[- ]over[- ]month|compare\w*|change[ds]?|differen\w*)\b/.test(q)) return { kind: 'month_change', billType };
  if (/\b(trends?|over time|average|history|all my bills|so far|total spent|in total)\b/.test(q)) return { kind: 'trend', billType };
  if (/\b(recommend\w*|tips?|advice|save|saving|reduce|lower my|cut|cheaper|efficien\w*)\b/.test(q)) return { kind: 'recommendations' };
  if (/\b(my|last|latest|recent|current|newest)\b.*\b(bills?|usage|use)\b/.test(q) || /\bhow much\b/.test(q)) return { kind: 'latest', billType };
  return { kind: 'guidance' };
}

/** Whether answering needs the user's own data (a visitor is asked to sign in). */
export function needsUserData(intent: Intent): boolean {
  return intent.kind !== 'guidance';
}
