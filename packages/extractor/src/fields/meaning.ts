/**
 * What a label means, by its words rather than by a list of phrases. A label's text is cut into
 * normalised word stems (abbreviations expanded, plurals and tenses folded, OCR slips in long
 * words tolerated) and each field asks whether those stems carry its concepts: "We ask that you
 * pay", "Total balance", "Please remit" all carry an obligation to pay; "Payment deadline", "no
 * later than", "must be received by" carry a deadline; "Member number", "Acct. No." an
 * account identifier. The value's type decides between fields that share a concept (an amount
 * after "amount due" is the total; a date after it is the due date).
 */

export type MeaningField = 'total' | 'currentCharges' | 'previousBalance' | 'payments' | 'due' | 'statement' | 'period' | 'periodStart' | 'periodEnd' | 'readDate' | 'account' | 'usage';

/** Abbreviations and spellings bills use, to one stem each. */
const SYNONYMS: Record<string, string> = {
  acct: 'account', acc: 'account', acnt: 'account', a_c: 'account', accts: 'account',
  no: 'number', nbr: 'number', num: 'number', numb: 'number', '#': 'number', id: 'number', ident: 'number', identifier: 'number',
  amt: 'amount', amnt: 'amount', bal: 'balance', pmt: 'payment', pymt: 'payment', paymt: 'payment', pay: 'pay', paying: 'pay', payment: 'payment', cust: 'customer', covering: 'cover', covered: 'cover',
  svc: 'service', serv: 'service', srv: 'service', stmt: 'statement', chg: 'charge', chgs: 'charge', chrg: 'charge', mtr: 'meter',
  rdg: 'read', reading: 'read', readings: 'read', read: 'read', consumed: 'consumption', consumpt: 'consumption', cons: 'consumption',
  used: 'use', usage: 'use', using: 'use', use: 'use', tot: 'total', ttl: 'total', dt: 'date', dte: 'date', prev: 'previous', pres: 'present', curr: 'current', cur: 'current',
  owing: 'owe', owed: 'owe', owes: 'owe', remittance: 'remit', received: 'receive', receipt: 'receive',
  kilowatt: 'kwh', kwhs: 'kwh', kw: 'kw', thm: 'therm', gal: 'gallon', gals: 'gallon', kgal: 'gallon', hcf: 'ccf', mcf: 'ccf',
  billing: 'bill', billed: 'bill', bills: 'bill', dates: 'date', dated: 'date', days: 'day', periods: 'period', cycles: 'cycle',
  issued: 'issue', issuing: 'issue', mailed: 'mail', mailing: 'mail', printed: 'print', prepared: 'prepare',
  delivered: 'deliver', delivery: 'deliver', supplied: 'supply', drafted: 'draft', debited: 'debit', withdrawn: 'withdraw', withdrawal: 'withdraw', deducted: 'deduct',
  credits: 'credit', credited: 'credit', adjustments: 'adjust', adjustment: 'adjust', payments: 'payment', charges: 'charge', amounts: 'amount', totals: 'total',
  customers: 'customer', members: 'member', clients: 'client', contracts: 'contract', accounts: 'account', numbers: 'number',
  thru: 'through', fwd: 'forward', fw: 'forward', ref: 'reference', agrmt: 'agreement', agmt: 'agreement', til: 'until', till: 'until', fr: 'from', frm: 'from',
};

/** Long words that OCR or typos may bend by one letter. */
const FUZZY_TARGETS = ['account', 'amount', 'balance', 'payment', 'statement', 'consumption', 'service', 'customer', 'deadline', 'previous', 'current', 'charges', 'billing', 'period', 'number', 'total', 'remit'];

function editDistanceAtMost1(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** Synonyms and plurals only. */
function baseStem(word: string): string {
  const syn = SYNONYMS[word];
  if (syn) return syn;
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return SYNONYMS[w] ?? w;
}

function stem(word: string): string {
  const w = baseStem(word);
  if (w !== word || w.length < 6) return w;
  for (const t of FUZZY_TARGETS) if (t.length >= 6 && t !== w && editDistanceAtMost1(w, t)) return baseStem(t);
  return w;
}

/** Normalised word stems of a label ("Acct. No." → ["account", "number"]). */
export function labelStems(text: string): string[] {
  const t = text
    .toLowerCase()
    .replace(/a\/c\b/g, ' a_c ')
    .replace(/#/g, ' # ')
    .replace(/[^a-z_#]+/g, ' ');
  return t.split(/\s+/).filter(Boolean).map(stem);
}

const has = (s: Set<string>, ...words: string[]) => words.some((w) => s.has(w));

const PAST = ['previous', 'prior', 'last', 'past', 'overdue', 'arrear', 'carried', 'forward', 'beginning', 'opening', 'unpaid', 'late', 'after', 'penalty', 'delinquent'];
const NOT_DUE_AMOUNT = ['enclosed', 'minimum', 'budget', 'installment', 'average', 'estimated', 'deposit', 'ytd', 'year', 'levelized', 'donation', 'pledge', 'credit', 'rate', 'per', 'tax', 'fee', 'charge'];
const OBLIGATION = ['due', 'owe', 'pay', 'payable', 'remit', 'debit', 'draft', 'withdraw', 'deduct', 'autopay'];

/**
 * How surely (0..1) a label names each field, for a value of the given kind printed with it.
 * Returns only the fields it names.
 */
export function labelMeaning(text: string, kind: 'money' | 'date' | 'range' | 'id' | 'quantity'): Partial<Record<MeaningField, number>> {
  const words = labelStems(text);
  if (words.length === 0 || words.length > 14) return {};
  const s = new Set(words);
  const out: Partial<Record<MeaningField, number>> = {};
  const past = has(s, ...PAST) || (s.has('last') && s.has('bill'));
  const joined = ` ${words.join(' ')} `;

  if (kind === 'money') {
    const obligation = has(s, ...OBLIGATION) || joined.includes(' you owe ');
    const moneyNoun = has(s, 'amount', 'total', 'balance', 'sum', 'bill');
    // A stub's blank for the customer to fill in ('Amount Paid', 'Amount Remitted') is not a
    // figure; 'Amount due if paid by …' is.
    const blank = has(s, 'paid', 'remitted') && !has(s, 'due', 'owe', 'payable');
    if (!past && !blank && !has(s, ...NOT_DUE_AMOUNT.filter((w) => w !== 'charge'))) {
      if (obligation && (moneyNoun || has(s, 'please', 'you', 'this', 'now'))) out.total = 1;
      else if (obligation) out.total = 0.7;
      else if (s.has('balance') && (has(s, 'new', 'total', 'account', 'current', 'statement') || words.length === 1)) out.total = 0.85;
      else if (has(s, 'owing')) out.total = 0.8;
      // "Your total", "Your total bill": the customer's total is what they owe; a total of
      // charges or usage names its kind ("Your total charges").
      else if (s.has('total') && s.has('your') && words.length <= 3 && words.every((w) => ['your', 'total', 'bill', 'amount', 'is'].includes(w))) out.total = 0.9;
      // "Total amount outstanding" is the amount due; an "outstanding balance" is often last bill's.
      else if (s.has('outstanding') && has(s, 'amount', 'total') && !s.has('balance')) out.total = 0.6;
    }
    // "Current balance" is what is owed, not this period's charges.
    if (has(s, 'charge', 'bill', 'total', 'amount') && has(s, 'current', 'new', 'this', 'period', 'month', 'cycle') && !past && !obligation && !s.has('balance')) out.currentCharges = 1;
    else if (s.has('total') && s.has('charge') && !past && !obligation) out.currentCharges = 0.6;
    // "Balance prior to last bill" is the balance before the previous bill, not the previous balance.
    const beforeLast = / (?:prior to|before) (?:the |your )?(?:last|previous|prior) bill /.test(joined);
    // "Payments since last bill" names payments, not the balance.
    const paymentHead = has(s, 'payment', 'paid') && !has(s, 'balance', 'amount', 'due');
    if (past && has(s, 'balance', 'amount', 'bill', 'due', 'charge', 'statement', 'owe') && !has(s, 'after', 'late', 'penalty') && !beforeLast && !paymentHead) out.previousBalance = 1;
    // "Outstanding", "Outstanding balance": what was left unpaid, not this bill's total.
    else if (s.has('outstanding') && !has(s, 'total', 'due', 'now', 'pay', 'new', 'current') && !s.has('amount')) out.previousBalance = 0.8;
    // Payments received: "Payment - thank you", "Payments received", "Credits"; never a request to pay.
    const paymentWord = has(s, 'payment', 'paid', 'credit') || (s.has('pay') && has(s, 'receive', 'thank'));
    // "What you paid": a payment the customer made, told to them.
    const madeByYou = s.has('paid') && has(s, 'you', 'we');
    if (paymentWord && (has(s, 'receive', 'thank', 'applied', 'credit', 'since', 'posted', 'made') || madeByYou || words.length <= 2) && !has(s, 'due', 'amount', 'by', 'date', 'deadline', 'please', 'now', 'owe', 'will')) out.payments = 0.9;
  }
  // A sentence is a weaker label than a few words.
  if (words.length > 8) for (const k of Object.keys(out) as MeaningField[]) out[k] = (out[k] ?? 0) * 0.5;

  if (kind === 'date') {
    const statement = has(s, 'statement', 'issue', 'mail', 'print', 'prepare', 'invoice') || (s.has('bill') && s.has('date') && !has(s, 'due', 'pay', 'payment'));
    const deadline =
      s.has('deadline') ||
      (has(s, 'due', 'payable', 'pay', 'payment', 'remit', 'autopay', 'draft', 'debit', 'withdraw', 'deduct') && has(s, 'date', 'by', 'before', 'on', 'due', 'deadline', 'until', 'later')) ||
      joined.includes(' no later than ') ||
      joined.includes(' last day to pay ') ||
      (has(s, 'penalty', 'delinquent') && has(s, 'date', 'after')) ||
      (s.has('receive') && has(s, 'by', 'before'));
    const receipt = s.has('receive') && !has(s, 'by', 'before', 'must', 'later');
    const lastDay = joined.includes(' last day to pay ');
    const penalty = has(s, 'penalty', 'delinquent') && !has(s, 'due', 'pay');
    if (deadline && !receipt && (lastDay || !has(s, 'previous', 'last'))) out.due = statement ? 0.5 : penalty ? 0.7 : 1;
    if (statement && !deadline) out.statement = 1;
    if (!deadline && !statement) {
      const read = has(s, 'read', 'meter');
      if (has(s, 'from', 'start', 'begin', 'beginning') || (read && has(s, 'previous', 'prior', 'last'))) out.periodStart = 1;
      else if (has(s, 'to', 'end', 'ending', 'through', 'until') || (read && has(s, 'current', 'present', 'this', 'latest'))) out.periodEnd = 1;
      // A meter read date with no side named ("Apr 19 2024 reading ACTUAL"): two of them bound the period.
      else if (read && !has(s, 'next', 'scheduled', 'future')) out.readDate = 1;
    }
  }

  if (kind === 'range') {
    const excluded = has(s, 'due', 'history', 'last', 'previous', 'year', 'issue', 'deadline');
    if (!excluded && has(s, 'period', 'cycle', 'service', 'read', 'meter', 'cover', 'from', 'use', 'consumption', 'through')) out.period = 1;
    else if (!excluded && s.has('bill') && s.has('date')) out.period = 0.6;
  }

  if (kind === 'id') {
    const holder = has(s, 'account', 'member', 'customer', 'client', 'contract', 'agreement', 'a_c');
    const notAccount = (s.has('service') && !has(s, 'account', 'number')) || has(s, 'call', 'contact', 'hour', 'line', 'emergency', 'outage', 'meter', 'invoice', 'phone', 'telephone', 'fax', 'route', 'routing', 'policy', 'tax', 'order', 'ticket', 'confirmation', 'pin', 'rate', 'tariff', 'premise', 'serial', 'box', 'sequence', 'check', 'page', 'date', 'due', 'amount', 'total');
    if (holder && !notAccount) out.account = has(s, 'number', 'account') ? 1 : 0.8;
    // "Reference number" names the account on many bills, and an invoice's number on others.
    else if (s.has('reference') && !notAccount && !has(s, 'payment', 'bank', 'transaction')) out.account = 0.6;
  }

  if (kind === 'quantity') {
    const usageWord = has(s, 'use', 'consumption', 'deliver', 'supply', 'kwh', 'therm', 'ccf', 'gallon', 'energy', 'bill') || joined.includes(' you use ');
    const notUsage = has(s, 'number', 'date', 'previous', 'prior', 'last', 'average', 'daily', 'day', 'per', 'history', 'year', 'annual', 'demand', 'kw', 'peak', 'max', 'maximum', 'read', 'meter', 'multiplier', 'factor', 'constant', 'tier', 'block', 'first', 'next', 'over', 'allowance', 'limit', 'typical', 'compare', 'comparison', 'same', 'ago', 'rate', 'price', 'budget');
    if (usageWord && !notUsage) out.usage = has(s, 'total', 'use', 'consumption', 'bill') ? 1 : 0.8;
  }
  return out;
}
