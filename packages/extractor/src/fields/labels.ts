import type { LabelDef } from './pairing.ts';

/**
 * Label dictionaries: the wording variants bills use for each field. Each pattern matches at
 * the start of a column segment (after an optional bullet), case-insensitively. Weights say how
 * surely the label names the field (1 = it always does).
 */
function defs(name: string, weight: number, phrases: string[]): LabelDef[] {
  // OCR often drops or doubles the space between words ("AmountDue").
  return phrases.map((p) => ({ name, weight, re: new RegExp(`^[^\\w$(]{0,3}(?:your\\s+|the\\s+)?(?:${p.replace(/ /g, '\\s*')})(?![a-z])`, 'i') }));
}

/** The amount to pay now. Weaker entries are only used when no strong label is printed. */
export const TOTAL_LABELS: LabelDef[] = [
  ...defs('amount-due', 1, [
    'total amount due(?: now| by| on or before)?',
    'amount due(?: now| by| on or before)?',
    'total due(?: now| by)?',
    'total amount (?:you owe|owed|payable)',
    '(?:the )?amount you owe',
    'total (?:to pay|payable)',
    'amount (?:to pay|payable)(?: by)?',
    'please pay(?: this amount)?(?: by)?',
    'pay this amount',
    'total balance due',
    'total balance',
    'amount now due',
    '(?:current )?balance due(?: now)?',
    'current amount due',
    'total account balance due',
    'new balance(?: due)?',
    'amount (?:now )?due by',
    'total payment due',
    'payment due amount',
    'pre-?authori[sz]ed (?:payment|withdrawal)(?: amount)?',
    'automatic payment amount',
    'auto ?pay amount',
    '(?:payable on or )?before due date',
    'amount (?:to be )?(?:debited|drafted|withdrawn)',
    'total amount owing',
    'amount owing',
  ]),
  ...defs('current-charges', 0.35, [
    'total current charges',
    'total new charges',
    'new charges(?: this bill)?',
    'current charges',
    'total charges(?: this period)?(?: this bill)?',
    'total bill amount',
    'total this bill',
    'total',
  ]),
];

/** Labels that look like a total but are not the amount to pay now. */
export const NOT_TOTAL_RE =
  /\b(previous|prior|last|past due|overdue|late|after|enclosed|budget|installment|average|estimated|minimum|deposit|credit balance|year to date|to date|levelized)\b/i;

export const DUE_DATE_LABELS: LabelDef[] = [
  ...defs('due', 1, [
    'payment due date',
    'due date',
    'date due',
    'payment due(?: by| on)?',
    'pay(?:ment)? by',
    'please pay by',
    'due by',
    'due on',
    '(?:new )?charges due by',
    'total amount due by',
    'amount due by',
    'total due by',
    'payable by',
    'payment withdrawal date',
    'withdrawal date',
    '(?:automatic |auto ?)?(?:payment|draft|debit) date',
    'auto ?pay(?:ment)? (?:date|on|scheduled(?: for)?)',
    'scheduled (?:auto ?pay(?:ment)?|payment|withdrawal|draft|debit)(?: date| on)?',
    '(?:amount )?(?:will be )?(?:drafted|debited|deducted|withdrawn) on',
    'to avoid (?:a )?late (?:payment )?(?:charge|fee),? pay by',
    'payment is due(?: on| by)?',
    'bill due date',
  ]),
  ...defs('due-bare', 0.7, ['due']),
  ...defs('late-sentence', 0.3, ['.*?(?:received|paid) (?:on or )?(?:before|by)']),
];

export const STATEMENT_DATE_LABELS: LabelDef[] = defs('statement', 1, [
  'statement date',
  'bill(?:ing)? date',
  'date (?:issued|of (?:bill|statement))',
  'issue(?:d)? date',
  'date billed',
  'invoice date',
  'mailing date',
  'date mailed',
  'date prepared',
]);

export const PERIOD_LABELS: LabelDef[] = [
  ...defs('period', 1, [
    'service period',
    'billing period',
    'billing cycle',
    'service dates?',
    'service from',
    'period of service',
    'billing dates',
    'bill(?:ing)? period from',
    'for service (?:from|period)',
    'meter read dates',
    'read dates',
    'reading period',
    'usage period',
    'statement period',
    'period covered',
    'dates of service',
    'service (?:period )?dates',
    'billed from',
  ]),
  // Bare words that label a period on some bills and a great deal else on others.
  ...defs('period-weak', 0.5, ['for', 'period']),
  ...defs('charges-from', 0.6, ['.{0,40}?charges (?:from|for)', '.{0,30}?(?:charge|service) (?:period|dates)']),
];

/** One end of the service period printed on its own ("Service From: ... Service To: ..."). */
export const PERIOD_START_LABELS: LabelDef[] = defs('period-start', 1, [
  'service from',
  'from date',
  '(?:service |billing |period )?start(?:ing)? date',
  'period start',
  'billing start',
  '(?:previous|prior|last|beginning) read(?:ing)? date',
]);

export const PERIOD_END_LABELS: LabelDef[] = defs('period-end', 1, [
  'service to',
  'to date',
  '(?:service |billing |period )?end(?:ing)? date',
  'period end',
  'billing end',
  '(?:current|present|this|ending|latest) read(?:ing)? date',
]);

export const ACCOUNT_LABELS: LabelDef[] = defs('account', 1, [
  'account (?:number|no\\.?|num\\.?|#|id)',
  'acct\\.? ?(?:number|no\\.?|#)?',
  'a/c(?: no\\.?)?',
  'customer (?:account )?(?:number|no\\.?|#)',
  'customer account',
  'billing account(?: number| no\\.?)?',
  'service account(?: number| no\\.?)?',
  'your account(?: number| no\\.?)?',
  'account',
]);

export const SERVICE_ADDRESS_LABELS: LabelDef[] = defs('service-address', 1, [
  'service (?:address|location|addr\\.?)',
  'premises?(?: address)?',
  'service at',
  'location of service',
  'property address',
  'supply address',
  'address of service',
  'service for',
]);

export const CUSTOMER_NAME_LABELS: LabelDef[] = defs('customer-name', 1, [
  'customer name',
  'account name',
  'name on account',
  'account holder',
  'customer',
  'name',
  'bill to',
  'prepared for',
]);

export const USAGE_LABELS: LabelDef[] = [
  ...defs('usage', 1, [
    'total usage',
    'usage this (?:period|month|bill)',
    'usage',
    'total consumption',
    'consumption',
    '(?:kwh|ccf|hcf|therms?|gallons|energy|electric(?:ity)?|power|water|(?:natural )?gas|data|internet) (?:used|usage|consumption)(?: this (?:period|month))?',
    'total (?:kwh|ccf|hcf|therms|gallons)(?: used)?',
    '(?:total )?(?:kilowatt[- ]?hours?|hundred cubic feet|cubic feet|gigabytes) (?:used|usage|consumed|billed)',
    '(?:gas|water|energy|electricity) used this period',
    'you used',
    'this period',
    'current period',
    'billed usage',
    'metered usage',
    'amount used',
    'net usage',
    'total billed',
  ]),
];

/** Usage figures that are not this bill's usage. */
export const NOT_USAGE_RE =
  /\b(last (?:year|month|period)|same (?:period|month)|previous|prior|average|avg|daily|per day|annual|history|allowance|one year ago|typical|compared|limit|tier|block)\b/i;
