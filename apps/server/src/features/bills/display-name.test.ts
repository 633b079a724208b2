import { describe, expect, it } from 'vitest';
import { displayName } from './bills.service.ts';

describe('a bill file name as shown', () => {
  it('drops bidirectional controls, so a right-to-left override cannot disguise an extension', () => {
    expect(displayName('bill\u202Efdp.exe')).toBe('billfdp.exe');
    expect(displayName('\u2066invoice\u2069\u200F\u200E\u061C.pdf')).toBe('invoice.pdf');
    expect(displayName('C:\\Users\\me\\Rechnung März\u202B.pdf')).toBe('Rechnung März.pdf');
  });

  it('drops control characters and keeps the last path segment; nothing left is "bill"', () => {
    expect(displayName('a/b/\u0000june\u0007.pdf')).toBe('june.pdf');
    expect(displayName('\u202E')).toBe('bill');
  });
});
