import { describe, expect, it } from 'vitest';
import { isBuiltScreen, NOT_FOUND_TITLE, titleForPath } from './web-routes.ts';

describe('web route table', () => {
  it('knows which screens are built, with or without a trailing slash, query or anchor', () => {
    expect(isBuiltScreen('/')).toBe(true);
    expect(isBuiltScreen('/#features')).toBe(true);
    expect(isBuiltScreen('/dashboard/')).toBe(true);
    expect(isBuiltScreen('/dashboard?subscription=success')).toBe(true);
    expect(isBuiltScreen('/dashboard/bills/0b9a3c1e-1111-4a7e-9c1d-2b2b2b2b2b2b')).toBe(true);
    expect(isBuiltScreen('/compliance')).toBe(false);
    expect(isBuiltScreen('/no-such-page')).toBe(false);
    expect(isBuiltScreen('/dashboard/bills')).toBe(false);
  });

  it('titles every page after its screen', () => {
    expect(titleForPath('/dashboard')).toBe('Your Dashboard — Wattwise');
    expect(titleForPath('/bill-upload')).toBe('Upload Your Utility Bill — Wattwise');
    expect(titleForPath('/dashboard/bills/abc')).toBe('Bill details — Wattwise');
    expect(titleForPath('/nowhere')).toBe(NOT_FOUND_TITLE);
  });
});
