import { describe, expect, it } from 'vitest';
import { duplicateQuestion } from './duplicate-dialog.tsx';

describe('duplicateQuestion', () => {
  it('names the provider and account, and leaves out what was not read instead of showing it blank', () => {
    expect(duplicateQuestion({ utilityProvider: 'Example Power', accountNumber: '123', servicePeriodEnd: null })).toBe('A bill from Example Power for account 123 is already saved. Should this upload replace it?');
    expect(duplicateQuestion({ utilityProvider: null, accountNumber: null, servicePeriodEnd: null })).toBe('A bill from this provider is already saved. Should this upload replace it?');
  });
});
