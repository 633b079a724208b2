/**
 * Label wordings, grouped into named sets so whole sets can be held out of training. A wording
 * containing {date}, {amount}, {start} or {end} is a sentence with the value inline; any other
 * wording is a label printed next to (or above) its value. Every set has at least one plain
 * label per field, because table headers and stubs need one.
 */

export type WordedField =
  | 'total' | 'due' | 'period' | 'account' | 'statement' | 'previous' | 'payments'
  | 'current' | 'afterDue' | 'enclosed' | 'days' | 'usage';

export type WordingSet = Record<WordedField, readonly string[]>;

export const WORDING_SETS = {
  classic: {
    total: ['Amount Due', 'Total Amount Due', 'Amount Due by Due Date'],
    due: ['Due Date', 'Payment Due Date'],
    period: ['Service Period', 'Billing Period', 'Service Period {start} - {end}'],
    account: ['Account Number', 'Account No.'],
    statement: ['Statement Date', 'Bill Date', 'Issue Date'],
    previous: ['Previous Balance', 'Previous Bill Amount', 'Balance at Last Bill'],
    payments: ['Payments Received', 'Payment Received - Thank You'],
    current: ['Current Charges', 'Total Current Charges'],
    afterDue: ['Amount Due After Due Date', 'Late Payment Amount'],
    enclosed: ['Amount Enclosed'],
    days: ['Days in Billing Period', 'Number of Days'],
    usage: ['Total Usage', 'Usage This Period'],
  },
  formal: {
    total: ['Total Amount Due', 'Total Due', 'Amount Due if Paid by Due Date'],
    due: ['Payment Due Date', 'Payment Due By'],
    period: ['Billing Period', 'Billing Cycle', 'For service from {start} to {end}'],
    account: ['Account No.', 'Acct. No.'],
    statement: ['Bill Issue Date', 'Date Issued', 'Invoice Date'],
    previous: ['Balance Forward', 'Balance from Last Bill'],
    payments: ['Payments Applied', 'Payment(s) Received'],
    current: ['New Charges This Period', 'Total New Charges'],
    afterDue: ['After Due Date Pay', 'If paid after {date}'],
    enclosed: ['Amount Enclosed', 'Amount Paid'],
    days: ['Billing Days'],
    usage: ['Consumption', 'Metered Consumption'],
  },
  municipal: {
    total: ['Total Balance', 'Total Amount Due', 'Net Amount Due'],
    due: ['To Avoid Penalty Pay By', 'Due Date', 'To Avoid Interest Charges Pay Before', 'Payment must be received by {date}'],
    period: ['Read Dates', 'Service Dates', 'Service From {start} To {end}', 'Service Period: {start} To: {end}'],
    account: ['Acct #', 'Account #', 'Utility Account'],
    statement: ['Billing Date', 'Date Mailed'],
    previous: ['Prior Balance', 'Last Bill Amount'],
    payments: ['Payments', 'Payment Received'],
    current: ['Current Billing', 'Current Charges'],
    afterDue: ['Amount After Due Date', 'Gross Amount After {date}'],
    enclosed: ['Amount Remitted', 'Amount Enclosed'],
    days: ['Service Days', 'Days'],
    usage: ['Consumption', 'Units Used'],
  },
  telecom: {
    total: ['Total Due Now', 'New Balance', 'Total Due'],
    due: ['Payment due', 'Due by', 'Your payment is due {date}'],
    period: ['Billing cycle', 'Statement period', 'Service for {start} - {end}'],
    account: ['Account ID', 'Account number', 'Customer ID'],
    statement: ['Statement date', 'Bill date'],
    previous: ['Last bill', 'Your last bill'],
    payments: ['Payment - thank you', 'Payments & credits'],
    current: ["This month's charges", 'New charges'],
    afterDue: ['Amount if paid after {date}', 'Past-due amount if late'],
    enclosed: ['Amount paid'],
    days: ['Days in cycle'],
    usage: ['Data used', 'Data usage'],
  },
  canadian: {
    total: ['Amount Owing', 'Current Amount Owing', 'Total Amount Owing', 'Balance Owing'],
    due: ['Please pay by', 'Due Date', 'Payment Due'],
    period: ['Billing Period', 'Billing period {start} to {end}'],
    account: ['Account No.', 'Account number'],
    statement: ['Bill Date', 'Bill issued', 'Statement Date'],
    previous: ['Amount of Your Last Bill', 'Previous Amount Owing'],
    payments: ['Payment Received, Thank You', 'Payments Since Last Bill'],
    current: ['Total Current Charges', 'New Charges'],
    afterDue: ['Late payment charge applies after {date}', 'Amount Due After Due Date'],
    enclosed: ['Amount Enclosed', 'Amount Paid'],
    days: ['Number of days', 'Billing Days'],
    usage: ['Consumption', 'Your usage'],
  },
  terse: {
    total: ['AMT DUE', 'TOTAL DUE', 'PAY THIS AMOUNT', 'BAL DUE'],
    due: ['DUE DATE', 'DUE', 'PAY BY'],
    period: ['SVC PERIOD', 'BILL PERIOD', 'SVC FROM {start} TO {end}'],
    account: ['ACCT NO', 'ACCT #', 'ACCOUNT'],
    statement: ['STMT DATE', 'BILL DT'],
    previous: ['PREV BAL', 'PRIOR BAL', 'LAST BILL', 'BALANCE FORWARD'],
    payments: ['PMTS RCVD', 'PAYMENT', 'PAYMENTS'],
    current: ['CURR CHGS', 'CURRENT CHGS'],
    afterDue: ['AFTER DUE DT PAY', 'LATE AMT'],
    enclosed: ['AMT ENCLOSED', 'AMT PAID'],
    days: ['DAYS', 'NO. DAYS'],
    usage: ['USAGE', 'TOTAL USE'],
  },
  modern: {
    total: ['Amount Due Now', 'Total Due', 'Current Balance'],
    due: ['Due on', 'Due', 'Payment due on {date}'],
    period: ['Billing period', 'Usage period', 'Your usage from {start} to {end}'],
    account: ['Account', 'Account #', 'Acct'],
    statement: ['Issued', 'Statement issued'],
    previous: ['Previous balance', 'Last statement'],
    payments: ['Paid - thank you', 'Payments'],
    current: ['New charges', 'Charges this cycle'],
    afterDue: ['Late fee applies after {date}', 'If paid late'],
    enclosed: ['Amount paid'],
    days: ['Days', 'Days in period'],
    usage: ['Energy used', 'Usage this cycle'],
  },
  plain: {
    total: ['Please Pay', 'Pay This Amount', 'Your Total', 'Amount to Pay'],
    due: ['Pay By', 'Please pay by', 'Due on or before'],
    period: ['Your billing period', 'Dates of service', 'This bill covers {start} to {end}'],
    account: ['Your account number', 'Customer Number'],
    statement: ['Bill prepared on', 'Date of bill'],
    previous: ['What you owed last time', 'Last bill amount'],
    payments: ['What you paid', 'Payments we received'],
    current: ['Your new charges', "This bill's charges"],
    afterDue: ['If paid late', 'Pay after {date}'],
    enclosed: ['Amount you are paying', 'Amount Enclosed'],
    days: ['Days of service'],
    usage: ['You used', 'Energy used'],
  },
  legacy: {
    total: ['Balance Due', 'Total Balance Due', 'Net Due'],
    due: ['Payment deadline', 'Last Day to Pay', 'Remit By', 'Delinquent After', 'Penalty Date'],
    period: ['Read Period', 'Period Covered', 'Meter read on {end} (previous read {start})'],
    account: ['Service Account', 'Customer Number', 'Account ID', 'Acct. No.', 'Cust ID'],
    statement: ['Invoice Date', 'Run Date'],
    previous: ['Balance Brought Forward', 'Previous Bill', 'Outstanding', 'Unpaid Balance'],
    payments: ['Less Payments', 'Credits/Payments'],
    current: ['Charges This Period', 'Current Period Charges'],
    afterDue: ['Delinquent Amount', 'Gross Amount'],
    enclosed: ['Amount Enclosed', 'Payment Amount'],
    days: ['Days Billed', 'Days in cycle'],
    usage: ['Net Usage', 'Billed Usage'],
  },
  'billing-system': {
    total: ['Account Balance', 'Total Account Balance', 'Amount Payable'],
    due: ['Payment Due On', 'Due By', 'Pay on or before {date}'],
    period: ['Bill Period', 'Consumption Period', 'Consumption period {start} - {end}'],
    account: ['Contract Account', 'Contract Account No.', 'Billing Account Number', 'Customer Account Number'],
    statement: ['Document Date', 'Print Date', 'Bill Issue Date'],
    previous: ['Opening Balance', 'Balance Carried Forward'],
    payments: ['Payments Posted', 'Receipts'],
    current: ['Current Bill Amount', 'Total Billed Amount'],
    afterDue: ['Amount Payable After Due Date', 'Surcharge applies after {date}'],
    enclosed: ['Amount Tendered', 'Amount Enclosed'],
    days: ['Billing Days', 'No. of Days'],
    usage: ['Total Consumption', 'Billed Consumption'],
  },
  narrative: {
    total: ['Total Due Now', 'Your total amount due is {amount}', 'Please pay {amount}'],
    due: ['Due upon receipt. Payment must be received by {date}.', 'Please remit by {date} to avoid a late charge', 'Payment is due on {date}', 'Pay by'],
    period: ['Your bill covers service from {start} through {end}', 'Meter readings taken {start} and {end}', 'Service period'],
    account: ['Account', 'Reference number', 'Account number'],
    statement: ['This statement was prepared on {date}', 'Printed'],
    previous: ['Your previous bill was', 'Previous balance'],
    payments: ['We received your payment of', 'Payments'],
    current: ['Charges for this period', 'Current charges'],
    afterDue: ['A late charge applies after {date}', 'Late amount'],
    enclosed: ['Amount enclosed'],
    days: ['Days in this bill'],
    usage: ['This period you used', 'Usage'],
  },
} as const satisfies Record<string, WordingSet>;

export type WordingId = keyof typeof WORDING_SETS;
export const WORDING_IDS = Object.keys(WORDING_SETS) as WordingId[];

export function isTemplate(wording: string): boolean {
  return /\{(date|amount|start|end)\}/.test(wording);
}

/** Wordings that only make sense for metered services. */
export function isMeterWording(wording: string): boolean {
  return /meter|read/i.test(wording);
}

/** Distractor labels shared by all sets (not held out: they are never the answer). */
export const COMMON_LABELS = {
  meter: ['Meter Number', 'Meter #', 'Meter No.', 'Meter ID'],
  previousRead: ['Previous Reading', 'Prior Read', 'Previous Meter Reading', 'Last Read'],
  currentRead: ['Current Reading', 'Present Reading', 'Current Meter Reading', 'This Read'],
  averageDaily: ['Average Daily Usage', 'Avg. Daily Use', 'Daily Average'],
  lastYear: ['Same Month Last Year', 'Last Year', 'Usage Last Year'],
  demand: ['Maximum Demand', 'Billed Demand', 'kW Demand', 'On-Peak Demand'],
  customer: ['Customer Name', 'Account Name', 'Name', 'Bill To'],
  address: ['Service Address', 'Service Location', 'Premises Address', 'Service At'],
  phone: ['Customer Service', 'Questions? Call', 'Billing Inquiries', '24-hr Outages'],
  invoice: ['Invoice Number', 'Bill Number', 'Statement No.'],
  rate: ['Rate', 'Rate Schedule', 'Rate Class'],
  multiplier: ['Multiplier', 'Meter Multiplier', 'Constant'],
} as const;
