import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.ts';
import type { DocumentText, TextLine } from '../types.ts';
import { documentFromLayoutText } from './text-doc.ts';

// Invented bills in monospaced layout: columns are runs of 3+ spaces.
const PAST_DUE_BILL = `
   ACME RIVER POWER                                               TOTAL AMOUNT DUE
   Acme River Power Cooperative
   PO Box 100, Springfield, OR 97477                              $ 310.40
                                                                  Due Date 04/06/2025
                                                                  Account No. 4412 0098 7713

   Jane Q Sample                                                  Statement Date: 03/16/2025
   Service Address: 12 Elm St, Springfield, OR 97478              Billing Period: 02/09/2025 - 03/13/2025

   Previous Balance        Payment Received       Past Due Amount       Current Charges
   $ 144.69                $ 0.00                 $ 144.69              $ 165.71

   Meter No.        Previous Read      Current Read      Usage (kWh)
   5518822          12,100             12,665            565

   Energy Charge                     565 kWh    x $0.1100        $62.15
   Total Current Charges                                        $165.71
   A late payment charge applies if payment is not received on or before 04/06/2025.
\f
   Please detach and return with your payment
   Account No.   441200987713         Amount Due   $310.40         Amount after 04/06/2025   $325.40
`;

const COLUMN_BILL = `
   Bill Date            Account Number          Harbor Town Water Utilities
   Jan 27, 2026         91-000-22077            Customer Care 1-800-555-0100

   Billing Period                    Service Address
   Dec 22, 2025 - Jan 25, 2026       442 Jones Ave
                                     Harbor Town, ME 04101

   Summary of Charges
   Balance from previous bill        $97.76
   Payment Received                   97.76 CR
   Current charges                    $58.18
   Amount due now                    $58.18
   Payment withdrawal date       Feb 16, 2026

   Water used this period (gallons)       3,740
`;

const VALUE_ABOVE_LABEL = `
                      Electric Bill Statement
                      For: Jan 27, 2021 to Feb 25, 2021 (29 days)

          $152.36                                   kWh Used        968
   TOTAL AMOUNT YOU OWE

          Mar 18, 2021
   NEW CHARGES DUE BY
`;

describe('extractFields on positioned text', () => {
  it('takes the amount due including the past-due balance, not the current charges', () => {
    const { fields, checks } = extractFields(documentFromLayoutText(PAST_DUE_BILL));
    expect(fields.totalAmount.value).toBe(310.4);
    expect(fields.currentCharges.value).toBe(165.71);
    expect(fields.dueDate.value).toBe('2025-04-06');
    expect(fields.accountNumber.value).toBe('4412 0098 7713');
    expect(fields.servicePeriodStart.value).toBe('2025-02-09');
    expect(fields.servicePeriodEnd.value).toBe('2025-03-13');
    expect(fields.usageAmount.value).toBe(565);
    expect(fields.usageUnit.value).toBe('kWh');
    expect(fields.billType.value).toBe('electricity');
    expect(fields.customerName.value).toBe('Jane Q Sample');
    expect(fields.serviceAddress.value).toBe('12 Elm St, Springfield, OR 97478');
    expect(fields.utilityProvider.value).toBe('Acme River Power Cooperative');
    expect(checks.find((c) => c.name.startsWith('amount due printed'))?.passed).toBe(true);
  });

  it('reads values printed below their labels, in columns', () => {
    const { fields } = extractFields(documentFromLayoutText(COLUMN_BILL));
    expect(fields.accountNumber.value).toBe('91-000-22077');
    expect(fields.servicePeriodStart.value).toBe('2025-12-22');
    expect(fields.servicePeriodEnd.value).toBe('2026-01-25');
    expect(fields.serviceAddress.value).toBe('442 Jones Ave, Harbor Town, ME 04101');
    expect(fields.totalAmount.value).toBe(58.18);
    expect(fields.dueDate.value).toBe('2026-02-16');
    expect(fields.usageAmount.value).toBe(3740);
    expect(fields.usageUnit.value).toBe('gallons');
    expect(fields.billType.value).toBe('water');
    expect(fields.utilityProvider.value).toBe('Harbor Town Water Utilities');
  });

  it('reads values printed above their labels', () => {
    const { fields } = extractFields(documentFromLayoutText(VALUE_ABOVE_LABEL));
    expect(fields.totalAmount.value).toBe(152.36);
    expect(fields.dueDate.value).toBe('2021-03-18');
    expect(fields.servicePeriodStart.value).toBe('2021-01-27');
    expect(fields.usageAmount.value).toBe(968);
  });

  it('returns null for fields a bill does not print', () => {
    const { fields, confidence } = extractFields(documentFromLayoutText('   Account Number:\n   Service Address:\n   Hello,\n'));
    expect(fields.accountNumber.value).toBeNull();
    expect(fields.totalAmount.value).toBeNull();
    expect(fields.serviceAddress.value).toBeNull();
    expect(confidence).toBeLessThan(0.5);
  });

  it('recognises a known provider by its alias and reports the printed legal name', () => {
    const text = '   DUKE ENERGY\n   Duke Energy Carolinas, LLC\n   duke-energy.com\n   Amount Due   $12.00\n';
    expect(extractFields(documentFromLayoutText(text)).fields.utilityProvider.value).toBe('Duke Energy Carolinas, LLC');
  });

  it('takes the total from page 2 when page 1 only refers to it', () => {
    const text = '   Total Current Charges ...... see page 2\n\f   Total Current Charges     $133.17\n   Amount Due    $133.17\n   Payment Due: March 12, 2026\n';
    const { fields } = extractFields(documentFromLayoutText(text));
    expect(fields.totalAmount.value).toBe(133.17);
    expect(fields.dueDate.value).toBe('2026-03-12');
  });

  it('pairs service start and end printed under separate labels, and other label wordings', () => {
    const text = [
      '   Service From:  11/28/2025        Service To:  12/29/2025',
      '   Your Total Amount Due   $88.10',
      '   Payment is due on   January 20, 2026',
      '   Acct #   000-1234-567',
    ].join('\n');
    const { fields } = extractFields(documentFromLayoutText(text));
    expect(fields.servicePeriodStart.value).toBe('2025-11-28');
    expect(fields.servicePeriodEnd.value).toBe('2025-12-29');
    expect(fields.totalAmount.value).toBe(88.1);
    expect(fields.dueDate.value).toBe('2026-01-20');
    expect(fields.accountNumber.value).toBe('000-1234-567');
  });

  it('joins a period split at a column gap and reads usage despite an allowance on the same line', () => {
    const text = '   Service Period: 04/02/2025   05/01/2025\n   You used 357.7 GB this month. Plan allowance: 1.25 TB.\n   Last month: 340.9 GB\n';
    const { fields } = extractFields(documentFromLayoutText(text));
    expect(fields.servicePeriodStart.value).toBe('2025-04-02');
    expect(fields.servicePeriodEnd.value).toBe('2025-05-01');
    expect(fields.usageAmount.value).toBe(357.7);
    expect(fields.usageUnit.value).toBe('GB');
  });

  it('reads usage under a label that names the utility', () => {
    for (const [label, unit] of [
      ['Electric Usage:', 'kWh'],
      ['Electricity Consumption', 'kWh'],
      ['Natural Gas Used', 'therms'],
      ['Power usage this period', 'kWh'],
      ['Kilowatt Hours Used:', ''],
    ] as const) {
      const { fields } = extractFields(documentFromLayoutText(`   ${label}   842 ${unit}\n   Total Amount Due   $128.47\n`));
      expect([label, fields.usageAmount.value, fields.usageUnit.value]).toEqual([label, 842, unit || 'kWh']);
    }
  });

  it('reads water usage under a scaled unit, and an autopay date as the due date', () => {
    const text = [
      '   City of Fairview Water Department',
      '   Service: 03/01/2026 to 03/31/2026',
      '   Water used (1,000 gal):   4.3',
      '   Total Amount Due   $61.75',
      '   Autopay date:   April 20, 2026',
    ].join('\n');
    const { fields } = extractFields(documentFromLayoutText(text));
    expect(fields.usageAmount.value).toBe(4300);
    expect(fields.usageUnit.value).toBe('gallons');
    expect(fields.dueDate.value).toBe('2026-04-20');
  });

  it('lowers confidence when the period is implausible', () => {
    const text = '   Billing Period: 01/01/2026 - 01/05/2026\n   Due Date 01/20/2026\n';
    const { fields, checks } = extractFields(documentFromLayoutText(text));
    expect(checks.find((c) => c.name === 'service period length plausible')?.passed).toBe(false);
    expect(fields.servicePeriodStart.confidence).toBeLessThan(0.8);
  });
});

describe('OCR layouts', () => {
  /** One OCR line: words at the given x (page units), all `h` tall from `y`. */
  const ocrLine = (y: number, h: number, words: Array<[number, string]>): TextLine => {
    const items = words.map(([x, text]) => ({ text, x, y, width: text.length * h * 0.55, height: h, confidence: 0.9 }));
    const last = items[items.length - 1];
    return { text: words.map(([, t]) => t).join('   '), items, x: words[0]?.[0] ?? 0, y, width: last ? last.x + last.width - (words[0]?.[0] ?? 0) : 0, height: h };
  };
  const ocrDoc = (lines: TextLine[]): DocumentText => ({ kind: 'png', pageCount: 1, pages: [{ index: 0, width: 600, height: 800, source: 'ocr', lines }] });

  it('pairs a label with the value on its row that OCR grouped into a neighbouring line', () => {
    const doc = ocrDoc([
      ocrLine(100, 10, [[40, 'Account'], [90, 'Number'], [200, '4471203398']]),
      ocrLine(148, 12, [[200, '04/2'], [228, '1/2026']]),
      ocrLine(150, 10, [[40, 'Due'], [65, 'Date']]),
      ocrLine(168, 12, [[200, '31'], [220, 'therms']]),
      ocrLine(170, 10, [[40, 'Usage']]),
      ocrLine(190, 10, [[40, 'Total'], [75, 'Amount'], [120, 'Due'], [200, '$61.42']]),
    ]);
    const { fields } = extractFields(doc);
    expect(fields.dueDate.value).toBe('2026-04-21');
    expect(fields.usageAmount.value).toBe(31);
    expect(fields.usageUnit.value).toBe('therms');
  });

  it('does not pair across the label line\'s own next column', () => {
    const doc = ocrDoc([
      ocrLine(148, 12, [[300, '04/21/2026']]),
      ocrLine(150, 10, [[40, 'Due'], [65, 'Date'], [160, 'upon'], [190, 'receipt']]),
    ]);
    expect(extractFields(doc).fields.dueDate.value).toBeNull();
    const farAcross = ocrDoc([ocrLine(148, 12, [[560, '04/21/2026']]), ocrLine(150, 10, [[40, 'Due'], [65, 'Date']])]);
    expect(extractFields(farAcross).fields.dueDate.value).toBeNull();
  });
});

describe('customer name and service address', () => {
  it('completes a labelled street from the mailing block with the same street', () => {
    const text = [
      '   Customer          LUCIA FERNWOOD',
      '   Service Address   417 ORCHARD TER',
      '                     GLENDALE, CA',
      '',
      '   Return this stub with your payment',
      '   LUCIA FERNWOOD',
      '   417 ORCHARD TER',
      '   GLENDALE, CA 91201',
    ].join('\n');
    const { fields } = extractFields(documentFromLayoutText(text));
    expect(fields.serviceAddress.value).toBe('417 ORCHARD TER, GLENDALE, CA 91201');
    expect(fields.customerName.value).toBe('LUCIA FERNWOOD');
  });

  it('takes the full name from the address block, and no name from a first-name greeting', () => {
    const withBlock = '   Hello Maria,\n\n   MARIA OKONJO\n   52 N Alder Pl\n   Columbia, MO 65201\n';
    expect(extractFields(documentFromLayoutText(withBlock)).fields.customerName.value).toBe('MARIA OKONJO');
    const greetingOnly = '   Hello Maria,\n   Service Location: 52 N Alder Pl, Columbia, MO 65201\n';
    expect(extractFields(documentFromLayoutText(greetingOnly)).fields.customerName.value).toBeNull();
  });
});

describe('remittance scan line', () => {
  it('decodes the amount between the account number and the due date', async () => {
    const { decodeScanLineAmount } = await import('./extract-fields.ts');
    expect(decodeScanLineAmount(['583107724900000418332511239'], '58310-77249', '2025-11-23')).toBe(418.33);
    expect(decodeScanLineAmount(['583107724900000418332511239'], '58310-77249', '2025-11-24')).toBeNull();
    expect(decodeScanLineAmount(['111111111100000418332511239'], '58310-77249', '2025-11-23')).toBeNull();
  });

  it('lets the scan line settle a total whose printed value OCR lost', () => {
    const text = [
      '   Account Number 5831077249',
      '   Amount Due',
      '   Due Date: November 23, 2025',
      '   Total Current Charges   $160.80',
      '',
      '   583107724900000418332511239',
    ].join('\n');
    expect(extractFields(documentFromLayoutText(text)).fields.totalAmount.value).toBe(418.33);
  });
});

describe('the account holder', () => {
  const billFor = (holderBlock: string) => `
   NORTHWIND GAS & ELECTRIC                                        Amount Due   $ 88.10
   PO Box 500, Riverton, WY 82501                                  Due Date 05/02/2026

${holderBlock}

   Account Number 5521-0098-11                                     Statement Date 04/12/2026
   Billing Period 03/10/2026 - 04/09/2026                          Usage 610 kWh
`;

  it('is a business when a business is billed (its name over the mailing address)', () => {
    const { fields } = extractFields(documentFromLayoutText(billFor('   HARBOR VIEW BAKERY LLC\n   1200 Front St\n   Riverton, WY 82501')));
    expect(fields.customerName.value).toBe('HARBOR VIEW BAKERY LLC');
    expect(fields.serviceAddress.value).toBe('1200 Front St, Riverton, WY 82501');
  });

  it('is named in full in a letter greeting when no address block names them', () => {
    const { fields } = extractFields(documentFromLayoutText(billFor('   Dear Maria Lopez,\n   Thank you for being our customer.')));
    expect(fields.customerName.value).toBe('Maria Lopez');
  });

  it('is read whole when its capitals wrap onto a second line', () => {
    const { fields } = extractFields(documentFromLayoutText(billFor('   THE PALACE AT WASHINGTON SQUARE\n   OWNERS ASSOCIATION\n   1200 Front St\n   Riverton, WY 82501')));
    expect(fields.customerName.value).toBe('THE PALACE AT WASHINGTON SQUARE OWNERS ASSOCIATION');
  });

  it('is never a sentence after a "Customer" label', () => {
    const { fields } = extractFields(documentFromLayoutText(billFor('   Customer   database against a database of Transitional')));
    expect(fields.customerName.value).toBeNull();
  });

  it('is not the first name a greeting uses', () => {
    const { fields } = extractFields(documentFromLayoutText(billFor('   Hello Maria,\n   Thank you for being our customer.')));
    expect(fields.customerName.value).toBeNull();
  });
});
