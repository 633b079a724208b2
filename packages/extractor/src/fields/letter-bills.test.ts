import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.ts';
import { parseName } from './parties.ts';
import { documentFromLayoutText } from './text-doc.ts';

const read = (text: string) => extractFields(documentFromLayoutText(text)).fields;

/** A bill written as a letter: the mailing block, a greeting, prose, a sign-off. */
const LETTER = `
                     Ventor Power Cooperative
                     PO BOX 4410 · Ventor Power

   ANNA K LOPEZ                                  Run Date: 19-SEP-26
   4309 S ELM CT                                 Account ID: 7688 422 328
   TEMPE, AZ 85258

   Dear Anna,

   Thank you for choosing Ventor Power. This letter is your statement for service at 6219 CEDAR RD,
   SPRINGFIELD, IL 62704.

   Balance Due: 224.10. Payment deadline: 11-OCT-26.

   Sincerely,

   Customer Accounts Department
`;

describe('bills written as letters', () => {
  it('never takes the sign-off ("Customer Accounts Department") for the customer', () => {
    expect(parseName('Accounts Department')).toEqual([]);
    expect(parseName('Billing Office Team')).toEqual([]);
    expect(read(LETTER).customerName.value).toBe('ANNA K LOPEZ');
  });

  it('reads the service address named in a sentence, wrapped onto the next line', () => {
    expect(read(LETTER).serviceAddress.value).toBe('6219 CEDAR RD, SPRINGFIELD, IL 62704');
  });

  it('reads a deadline whose two-digit year ends the sentence', () => {
    expect(read(LETTER).dueDate.value).toBe('2026-10-11');
  });
});
