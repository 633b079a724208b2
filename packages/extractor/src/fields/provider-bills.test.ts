import { describe, expect, it } from 'vitest';
import { buildLayout } from './layout.ts';
import { findProvider } from './provider.ts';
import { documentFromLayoutText } from './text-doc.ts';

/**
 * Invented bills of utilities the rules were not written for (co-ops, towns, public utility
 * districts, investor-owned utilities in the EIA list, gas, water and internet providers): the
 * provider must come from general rules, not from these names.
 */
const providerOf = (text: string) => findProvider(buildLayout(documentFromLayoutText(text)));

function billText(header: string[], body: string[], stub: string[] = []): string {
  const rows = [...header, '', ...body];
  while (rows.length < 50) rows.push('');
  return [...rows, ...stub].join('\n');
}

const CUSTOMER = ['   MARIA LOPEZ', '   88 ORCHARD LANE'];

describe('findProvider on invented bills', () => {
  it('a Georgia EMC printing its short name in the letterhead', () => {
    const guess = providerOf(
      billText(
        ['   Jackson EMC                         Your Electric Bill', '   850 Commerce Rd, Jefferson, GA 30549'],
        [...CUSTOMER, '   JEFFERSON, GA 30549', '   Energy Charge  1,210 kWh   $142.77'],
        ['   Please make check payable to Jackson Electric Membership Corporation'],
      ),
    );
    expect(guess?.name).toMatch(/^Jackson (?:EMC|Electric Membership Corporation)$/);
    expect(guess?.state).toBe('GA');
  });

  it('a Texas co-op with its legal name and a logo initialism', () => {
    const guess = providerOf(
      billText(
        ['   PEC', '   Pedernales Electric Cooperative, Inc.', '   PO Box 1, Johnson City, TX 78636'],
        ['   Service at 12 Ranch Rd 2, Dripping Springs, TX 78620', '   Total Due $201.16'],
      ),
    );
    expect(guess?.name).toBe('Pedernales Electric Cooperative, Inc.');
    expect(guess?.state).toBe('TX');
  });

  it('a co-op name shared by two states takes the state of the bill', () => {
    const guess = providerOf(
      billText(
        ['   Jackson Electric Cooperative', '   N6868 County Road F, Black River Falls, WI 54615'],
        [...CUSTOMER, '   ALMA CENTER, WI 54611', '   Amount Due $77.12'],
      ),
    );
    expect(guess?.name).toBe('Jackson Electric Cooperative');
    expect(guess?.state).toBe('WI');
  });

  it('a city electric department printed after the city name', () => {
    const guess = providerOf(
      billText(
        ['   City of Ames Electric Services', '   515 Clark Ave, Ames, IA 50010'],
        ['   WATER', '   SEWER', '   ELECTRIC', '   Amount Due $150.20'],
        ['   Make checks payable to City of Ames'],
      ),
    );
    expect(guess?.name).toBe('City of Ames Electric Services');
    expect(guess?.state).toBe('IA');
  });

  it('a public utility district known by its county name', () => {
    const guess = providerOf(
      billText(
        ['   Chelan County PUD', '   PO Box 1231, Wenatchee, WA 98807'],
        [...CUSTOMER, '   WENATCHEE, WA 98801', '   Residential Electric 980 kWh   $33.10'],
      ),
    );
    expect(guess?.name).toBe('Chelan County PUD');
    expect(guess?.state).toBe('WA');
  });

  it('an investor-owned utility whose EIA name is abbreviated', () => {
    const guess = providerOf(
      billText(
        ['   Alaska Electric Light & Power', '   5601 Tonsgard Ct, Juneau, AK 99801'],
        ['   Amount Due $98.12'],
        ['   Return this stub with your payment to AEL&P'],
      ),
    );
    expect(guess?.name).toMatch(/^Alaska Electric Light & Power/);
    expect(guess?.state).toBe('AK');
  });

  it('a customer whose business name has a utility word', () => {
    const guess = providerOf(
      billText(
        ['   Otter Tail Power Company', '   215 S Cascade St, Fergus Falls, MN 56537'],
        ['   LAKEVIEW POWER SPORTS LLC', '   1402 LAKE AVE', '   DETROIT LAKES, MN 56501', '   Amount Due $310.55'],
      ),
    );
    expect(guess?.name).toBe('Otter Tail Power Company');
  });

  it('a Texas retail provider, the wires company named for outages', () => {
    const guess = providerOf(
      billText(
        ['   TXU Energy', '   PO Box 650638, Dallas, TX 75265'],
        ['   Electricity charges   1,500 kWh   $187.40', '   For outages call Oncor at 1-888-313-4747', '   Thank you for choosing TXU Energy.'],
      ),
    );
    expect(guess?.name).toMatch(/^TXU Energy/);
  });

  it('an unknown water district with section headings', () => {
    const guess = providerOf(
      billText(
        ['   Cedar Creek Water District', '   410 Main St, Cedar Creek, NE 68016'],
        ['   WATER SERVICE CHARGES', '   Base charge   $22.00', '   WASTE WATER', '   Sewer charge  $30.00'],
      ),
    );
    expect(guess?.name).toBe('Cedar Creek Water District');
  });

  it('an unknown town utility named only in the remit block', () => {
    const guess = providerOf(
      billText(
        ['   UTILITY STATEMENT', '   Account No. 0042-11'],
        ['   Water   $18.00', '   Refuse   $14.50', '   Total Due   $32.50'],
        ['   Make Checks Payable To:', '   Town of Millbrook', '   PO Box 9, Millbrook, VT 05999'],
      ),
    );
    expect(guess?.name).toBe('Town of Millbrook');
  });

  it('an unknown electric co-op from its legal name', () => {
    const guess = providerOf(
      billText(['   Prairie Wind Electric Cooperative, Inc.', '   Member Services 1-800-555-0199'], ['   Amount Due $120.00']),
    );
    expect(guess?.name).toBe('Prairie Wind Electric Cooperative, Inc.');
  });

  it('a gas company from the hand-compiled list', () => {
    const guess = providerOf(
      billText(['   New Mexico Gas Company', '   PO Box 27885, Albuquerque, NM 87125'], ['   Gas usage 42 therms', '   Amount Due $61.20']),
    );
    expect(guess?.name).toBe('New Mexico Gas Company');
    expect(guess?.type).toBe('natural_gas');
  });

  it('an internet provider known by its web domain and logo', () => {
    const guess = providerOf(billText(['   MIDCO', '   midco.com'], ['   Internet 500 Mbps   $65.00']));
    expect(guess?.name).toMatch(/Midco/i);
    expect(guess?.type).toBe('internet');
  });

  it('a municipal utility commission whose EIA name is abbreviated', () => {
    const guess = providerOf(
      billText(['   Paragould Light & Water Commission', '   1901 Jones Rd, Paragould, AR 72450'], ['   Amount Due $143.00']),
    );
    expect(guess?.name).toBe('Paragould Light & Water Commission');
    expect(guess?.state).toBe('AR');
  });

  it('a co-op spelling "Co-op" and printing a brand of co-ops', () => {
    const guess = providerOf(
      billText(
        ['   Sawnee EMC                     Your Touchstone Energy Cooperative', '   543 Atlanta Hwy, Cumming, GA 30040'],
        [...CUSTOMER, '   CUMMING, GA 30041', '   Amount Due $120.00'],
      ),
    );
    expect(guess?.name).toBe('Sawnee EMC');
    expect(providerOf(billText(['   United Electric Co-op', '   PO Box 1, Somewhere, PA 15801'], ['   Amount Due $120.00']))?.name).toBe('United Electric Co-op');
  });

  it('an unknown telephone company', () => {
    const guess = providerOf(billText(['   Ozark Telephone Company', '   PO Box 9, Ozark, MO 65721'], ['   Internet 100 Mbps $60.00']));
    expect(guess?.name).toBe('Ozark Telephone Company');
  });

  it('not a customer whose surname holds a utility word', () => {
    expect(providerOf(billText(['   ACCOUNT SUMMARY', '   JANE POWERS', '   12 LIGHT ST', '   SPRINGFIELD, MO 65801'], ['   Amount Due $40.00']))).toBeNull();
  });

  it('not a town that is the customer of the utility', () => {
    const guess = providerOf(
      billText(
        ['   Ameren Illinois', '   PO Box 88034, Chicago, IL 60680'],
        ['   Service For:', '   CITY OF SPRINGFIELD', '   800 E MONROE ST', '   SPRINGFIELD, IL 62701', '   Amount Due $4,210.00'],
      ),
    );
    expect(guess?.name).toBe('Ameren Illinois');
  });

  it('a town utility printing a longer name than the directory knows', () => {
    const guess = providerOf(billText(['   CITY OF LAKE WORTH BEACH', '   UTILITIES DEPARTMENT', '   PO Box 1500, Lake Worth Beach, FL 33460'], ['   Electric  980 kWh  $120.00']));
    expect(guess?.name).toMatch(/^CITY OF LAKE WORTH BEACH/);
    expect(guess?.state).toBe('FL');
  });

  it('a co-op whose name breaks over two lines of the letterhead', () => {
    const guess = providerOf(billText(['   Pedernales Electric', '   Cooperative, Inc.', '   Johnson City, TX 78636'], ['   Amount Due $1.00']));
    expect(guess?.name).toMatch(/^Pedernales Electric/);
    expect(guess?.state).toBe('TX');
  });

  it('a name with letters read as digits, returned as the directory spells it', () => {
    const guess = providerOf(billText(['   JACKS0N EMC', '   JEFFERSON, GA 30549'], ['   Amount Due $1.00']));
    expect(guess?.name).toBe('Jackson Electric Membership Corporation');
  });

  it('not a street named after a utility', () => {
    expect(providerOf(billText(['   Statement', '   Service: 44 Georgia Power Rd'], ['   Amount Due $1.00']))).toBeNull();
  });

  it('not a town read from an address whose state code looks like an abbreviation', () => {
    // "UT" and "CO" are states here, not "Utilities" or "Company".
    const text = billText(['   Electric Service Statement', '   Account Summary'], ['   PAVEL JOHNSON', '   Macon, UT 84000', '   Denver, CO 80202', '   Amount Due $1.00']);
    expect(providerOf(text)).toBeNull();
  });

  it('a town utility whose name ends in "City", known by its web address', () => {
    const text = billText(['   Utility Statement', '   Garden City, KS 67846'], ['   Amount Due $71.00'], ['   Pay online at www.cityofgardencity.com']);
    expect(providerOf(text)?.name).toBe('City of Garden City');
  });

  it('long names with OCR slips, "rn" for "m" and a misread "Utility"', () => {
    const pud = providerOf(billText(['   Public Utillty District No. 1 of Chelan County', '   Wenatchee, WA 98807'], ['   Amount Due $1.00']));
    expect(pud?.name).toBe('Public Utility District No. 1 of Chelan County');
    const coop = providerOf(billText(['   Farrners Rural Electric Cooperative Corporation', '   Glasgow, KY 42141'], ['   Amount Due $1.00']));
    expect(coop?.name).toBe('Farmers Rural Electric Cooperative Corporation');
  });

  it('not an addressee whose surname is a utility word, nor a county named like a provider', () => {
    const text = billText(
      ['   Electric Service', '   ROBERT LIGHT', '   1234 Oak Ave', '   Lafayette, IN 47901'],
      ['   Liberty County Surcharge   $1.00', '   Amount Due $40.00'],
      ['   ROBERT LIGHT', '   1234 Oak Ave'],
    );
    expect(providerOf(text)).toBeNull();
  });

  it('not a fund, foundation or hospital named like a provider', () => {
    const text = billText(
      ['   Lakeshore Gas & Electric', '   Help is available from the Dollar Energy Fund, Spectrum Health and the National Grid Foundation.'],
      ['   Amount Due $62.00'],
    );
    expect(providerOf(text)?.name).toBe('Lakeshore Gas & Electric');
  });
});
