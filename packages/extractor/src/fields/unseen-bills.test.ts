import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.ts';
import { labelMeaning } from './meaning.ts';
import { findUsages } from './usage.ts';
import { buildLayout } from './layout.ts';
import { findMeterRows, meteredTotal, meterTables } from './meters.ts';
import { isOnlyDate } from './pairing.ts';
import { documentFromLayoutText } from './text-doc.ts';
import { matchesPrintedDays, printedPeriodDays, wrappedPairs } from './wrapped.ts';

const read = (text: string) => extractFields(documentFromLayoutText(text)).fields;
const layoutOf = (text: string) => buildLayout(documentFromLayoutText(text));

describe('water and municipal bills', () => {
  const WATER = `
   CITY OF ELM FALLS UTILITIES
   Account No: 40-1187-02                          Bill Date: 05/28/2019
   Service Period: 04/22/2019  To: 05/21/2019      Due Date: 06/18/2019

   Meter No.     Previous Reading     Current Reading     Consumption
   70031245      1,204,300            1,210,900           6,600 Gallons

   Water Base Charge                                          $14.50
   Water Usage 6,600 gallons @ $0.0042                        $27.72
   Total Amount Due                                           $42.22
`;
  it('reads the period after "To:" and the gallons of the meter-reading table', () => {
    const f = read(WATER);
    expect([f.servicePeriodStart.value, f.servicePeriodEnd.value]).toEqual(['2019-04-22', '2019-05-21']);
    expect([f.usageAmount.value, f.usageUnit.value]).toEqual([6600, 'gallons']);
    expect(f.totalAmount.value).toBe(42.22);
  });
});

describe('several meters on one bill', () => {
  const METERS = `
   Metro Power Commercial                         Statement Date 07/03/2019
   Account 551-220-9913                           Amount Due $3,918.40   Due 07/24/2019

   Meter        Read Dates                  Previous    Current   Multiplier   kWh
   M4410021     06/01/2019 - 07/01/2019     10,120      10,480    40           14,400
   M4410022     06/01/2019 - 07/01/2019     88,311      89,002    1            691
   M4410023     06/01/2019 - 07/01/2019     5,300       5,410     120          13,200

   Street lighting for 06-01-2019 to 06-30-2019                                $41.10
   Energy Charge 28,291 kWh x $0.1370                                       $3,875.87
`;
  it('lists every meter with its own usage and sums them for the bill', () => {
    const f = read(METERS);
    expect(f.services.map((s) => [s.meter, s.usage])).toEqual([
      ['M4410021', 14400],
      ['M4410022', 691],
      ['M4410023', 13200],
    ]);
    expect([f.usageAmount.value, f.usageUnit.value]).toEqual([28291, 'kWh']);
  });

  it("takes the period from the meters' reads, not a line item's dates", () => {
    const f = read(METERS);
    expect([f.servicePeriodStart.value, f.servicePeriodEnd.value]).toEqual(['2019-06-01', '2019-07-01']);
  });

  it('counts a detail page that repeats the meters once, and a total register row not at all', () => {
    const rows = findMeterRows(
      layoutOf(`
   Meter     Previous   Current   Used
   A1001     1,000      1,250     250 kWh
   A1002     2,000      2,100     100 kWh

   Meter     Previous   Current   Used
   A1001     1,000      1,250     250 kWh
   A1002     2,000      2,100     100 kWh
`),
    );
    expect(meteredTotal(meterTables(rows))?.amount).toBe(350);
    const registers = findMeterRows(
      layoutOf(`
   Register    Previous   Current   Used
   On-peak     100        160       60 kWh
   Off-peak    300        420       120 kWh
   Total       400        580       180 kWh
`),
    );
    expect(meteredTotal(meterTables(registers))?.amount).toBe(180);
  });

  it('gives no single usage when the meters count different units', () => {
    const rows = findMeterRows(
      layoutOf(`
   Service     Previous   Current   Used
   Water       1,000      1,080     80 CCF
   Gas         2,000      2,100     100 therms
`),
    );
    expect(rows).toHaveLength(2);
    expect(meteredTotal(meterTables(rows))).toBeNull();
  });

  it('never reads a reactive-energy register (kVarh) as kWh', () => {
    const rows = findMeterRows(
      layoutOf(`
   PERIOD       CURRENT READ   PREVIOUS READ   MULTIPLIER   TOTAL USED
   Base kWh     1733           1561            300          51600 kWh
   Base kVarh   188            179             300          2700 kVarh
`),
    );
    expect(rows.map((r) => r.used)).toEqual([51600]);
  });

  it("never reads a usage chart's year axis as a meter row", () => {
    const rows = findMeterRows(
      layoutOf(`
   Energy Type   Current Reading   Previous Reading   Multiplier   Use
   Use (kWh)     098619            091909             1            6710

   Your monthly Electricity use in kWh
   Year   19 20 19 20 20 24 2025 2025 2025 2025 2025 2025 2025 2025 2025
`),
    );
    expect(rows.map((r) => r.used)).toEqual([6710]);
  });
});

describe('balance lines', () => {
  const summary = (previous: string, payments: string) => `
   Bright Electric                               Account 8812-7731-02
   ${previous.padEnd(40)}$120.40
   ${payments.padEnd(40)}-$120.40
   Current Charges                          $98.15
   Total Amount Due                         $98.15
`;
  for (const [previous, payments] of [
    ['Balance at Last Bill', 'Payments'],
    ['Previous Balance', 'Payment Received - Thank You'],
    ['Unpaid Balance', 'Payments'],
    ['Balance Forward', 'Payments Applied'],
  ] as const) {
    it(`reads "${previous}" and "${payments}"`, () => {
      const f = read(summary(previous, payments));
      expect(f.previousBalance.value).toBe(120.4);
      expect(f.paymentsReceived.value).toBe(-120.4);
      expect(f.currentCharges.value).toBe(98.15);
    });
  }

  it('reads a label finished by a date, and the value right of it', () => {
    const f = read(`
   Balance from your last bill              $1,402.18
   Your payment(s) - thank you              $1,402.00-
   Balance forward as of Sep 30, 2025       $0.18
   New electric charges                     $411.30
   New supplier charges                     $528.04
   Total amount due by Oct 21, 2025         $939.52
`);
    expect(f.totalAmount.value).toBe(939.52);
    expect(f.dueDate.value).toBe('2025-10-21');
    // This period's charges printed as two lines (delivery and the supplier's) add up to the total.
    expect(f.currentCharges.value).toBe(939.34);
    expect(f.previousBalance.value).toBe(1402.18);
    expect(f.paymentsReceived.value).toBe(-1402);
  });

  it('prefers the summary that ends in the amount due over a supplier section repeating its words', () => {
    const f = read(`
   Balance from your last bill              $1,402.18
   Your payment(s) - thank you              $1,402.00-
   New charges                              $939.34
   Total amount due                         $939.52
\f
   Supplier section
   Balance from your last bill              $733.90
   Payment Sep 28                           $733.72-
   Total Payments                           $733.72-
`);
    expect(f.previousBalance.value).toBe(1402.18);
    expect(f.paymentsReceived.value).toBe(-1402);
  });

  it('reads a label whose date stands between it and its value as one', () => {
    expect(isOnlyDate('Oct 21, 2025')).toBe(true);
    expect(isOnlyDate('10/20/25:')).toBe(true);
    expect(isOnlyDate('Oct 21, 2025 $12.00')).toBe(false);
  });
});

describe('notices and prose', () => {
  it('never takes a date range from a notice sentence over the meter read dates', () => {
    const f = read(`
   In 30 days you used 52 therms:
   Apr 16 2024 reading ACTUAL        2212
   Mar 17 2024 reading ACTUAL        2162
   Total therms used                 52
   Bill Date  Apr 19 2024
   Amount Due  $98.44
   For gas consumption from April 1, 2024 to April 30, 2024, the Local
   Distribution Adjustment Factor will be $0.4420 per therm.
`);
    expect([f.servicePeriodStart.value, f.servicePeriodEnd.value]).toEqual(['2024-03-17', '2024-04-16']);
  });

  it('reads the printed day count of the period', () => {
    const days = printedPeriodDays(layoutOf('   Days Billed   31\n   In 30 days you used 45 therms\n   Days in this bill: 33\n   Pay within 20 days of the bill date\n'));
    expect([...days].sort()).toEqual([30, 31, 33]);
    expect(matchesPrintedDays({ start: '2024-03-19', end: '2024-04-19' }, days)).toBe(true);
    expect(matchesPrintedDays({ start: '2024-04-01', end: '2024-04-30' }, new Set([31]))).toBe(false);
  });

  it('reads a sentence wrapped onto the next line across the join', () => {
    const text = `
   Your bill covers service from 2025-04-14 through
   2025-05-15
   Due upon receipt. Payment must be
   received by 2025-06-12.
   Total amount due $312.05
`;
    expect(wrappedPairs(layoutOf(text)).map((w) => w.text)).toContain('Your bill covers service from 2025-04-14 through 2025-05-15');
    const f = read(text);
    expect([f.servicePeriodStart.value, f.servicePeriodEnd.value, f.dueDate.value]).toEqual(['2025-04-14', '2025-05-15', '2025-06-12']);
  });

  it("reads usage on the row of the bill's own charges over rate-line figures", () => {
    const f = read(`
   Amount Due  $48,260.15          Due Date  Nov 18, 2024
   Electric Charges    214,800 kWh        $48,260.15
   Reliability charge on kWh  96,400 kWh x $0.031/kWh    $2,988.40
   State Energy Surcharge  96,400 kWh x $0.0003/kWh    $28.92
`);
    expect(f.usageAmount.value).toBe(214800);
  });
});

describe('more balance wordings', () => {
  it('reads LAST BILL / PAYMENTS / BALANCE FORWARD columns', () => {
    const f = read(`
   Springfield Municipal Utilities            Account 30-4471-00
   LAST BILL        PAYMENTS        BALANCE FORWARD     CURRENT CHARGES     TOTAL DUE
   $84.10           $84.10-         $0.00               $91.32              $91.32
`);
    expect(f.previousBalance.value).toBe(84.1);
    expect(f.paymentsReceived.value).toBe(-84.1);
    expect(f.currentCharges.value).toBe(91.32);
    expect(f.totalAmount.value).toBe(91.32);
  });

  it('reads "Outstanding" as the balance carried, and a payment whose date sits in its label', () => {
    const f = read(`
   Outstanding                                   $63.20
   Payment Received 10/2/24     Thank you        -$63.20
   Current Charges                               $70.05
   Total Amount Due                              $70.05
`);
    expect(f.previousBalance.value).toBe(63.2);
    expect(f.paymentsReceived.value).toBe(-63.2);
  });

  it('never reads the balance prior to the last bill as the previous balance', () => {
    const f = read(`
   Balance prior to last bill                    $40.00
   Previous Balance                              $55.00
   Payments                                      -$55.00
   Current Charges                               $61.00
   Amount Due                                    $61.00
`);
    expect(f.previousBalance.value).toBe(55);
  });
});

describe('notices beside the charges', () => {
  it("never reads a dollar amount in a notice sentence as this period's charges or the total", () => {
    const f = read(`
   Summary of Charges
   Previous Balance                         $4,815.60
   Payment Received                         -$4,815.60
   Current Charges                          $5,120.77
   Beginning next month your bill changes by about $3.18 per month.
   Total Amount Due                         $5,120.77
`);
    expect(f.currentCharges.value).toBe(5120.77);
    expect(f.totalAmount.value).toBe(5120.77);
  });
});

describe('usage on photos', () => {
  it('never reads a dollar amount as kWh, and reads a grouped figure whole', () => {
    const f = extractFields(
      documentFromLayoutText(
        `
   Total kWh used   935
   Energy Charge   $318.62 kWh
   Amount Due   $271.02
`,
        'ocr',
      ),
    ).fields;
    expect([f.usageAmount.value, f.usageUnit.value]).toEqual([935, 'kWh']);
  });
});

describe('a city utility selling several services', () => {
  it('is typed by what the bill charges most, not by the provider being a water department', () => {
    const f = read(`
   City of Riverton Water Department                Account 22-0193-5
   Service From 05/01/2024 To 06/01/2024            Due Date 06/20/2024
   Water Service       4,200 gallons                 $31.20
   Sewer Service       4,200 gallons                 $22.10
   Electric Service    812 kWh                       $104.55
   Total Amount Due                                  $157.85
   Water conservation: water your lawn before 9 am. Water rates change in July.
`);
    expect(f.billType.value).toBe('electricity');
    expect(f.services.map((s) => [s.service, s.usage])).toEqual(expect.arrayContaining([['electric', 812], ['water', 4200]]));
    expect(f.usageAmount.value).toBeNull();
  });
});

describe('balance-line meanings', () => {
  it('reads "Payments since last bill" as payments and "Last statement" as the previous balance', () => {
    expect(labelMeaning('Payments Since Last Bill', 'money')).toEqual({ payments: 0.9 });
    expect(labelMeaning('Last statement', 'money')).toEqual({ previousBalance: 1 });
    expect(labelMeaning('Balance prior to last bill', 'money').previousBalance).toBeUndefined();
    expect(labelMeaning('Outstanding', 'money').previousBalance).toBeGreaterThan(0);
  });

  it('takes no balance from a notice whose figure ends the sentence', () => {
    const f = read(`
   Amount of Your Last Bill ....................... $ 118.06
   Payments Since Last Bill ...................... -$ 118.06
   New Charges ..................................... $ 84.91
   Beginning next month your bill changes by about $ 1.87 a month.
   You saved $3.10 this period with paperless billing.
   Amount Owing .................................... $ 84.91
`);
    expect([f.previousBalance.value, f.paymentsReceived.value, f.currentCharges.value, f.totalAmount.value]).toEqual([118.06, -118.06, 84.91, 84.91]);
  });
});

describe('usage figures on photos', () => {
  it('takes no usage from a dollar amount or from a fragment of a split figure', () => {
    expect(findUsages('$ 318.62 kWh')).toEqual([]);
    expect(findUsages('$318.62 kWh')).toEqual([]);
    expect(findUsages('9 35 kWh')).toEqual([]);
    expect(findUsages('Days 31   935 kWh').map((u) => u.amount)).toEqual([935]);
  });
});

describe('names over two lines', () => {
  it('keeps a name that ends in its legal form whole, and a second name line out of it', () => {
    const f = read(`
   Lakeview Electric Company                      Account number: 7710 2284 113
   HARBORSIDE GRILL INC
   SEASIDE DINING GROUP
   PO BOX 182943
   COLUMBUS OH 43218-2943
   Amount Due  $1,480.22
`);
    expect(f.customerName.value).toBe('HARBORSIDE GRILL INC');
  });
});

describe('currency codes after amounts', () => {
  it('reads the label left of "$135.18 CAD", not the currency code, as its meaning', () => {
    const f = read(`
   PRIOR BAL        $46.04 CAD
   PMTS RCVD        $0.00 CAD
   CURR CHGS        $84.14 CAD
   AMT DUE          $130.18 CAD
`);
    expect(f.totalAmount.value).toBe(130.18);
  });
});
