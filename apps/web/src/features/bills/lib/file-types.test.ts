import { describe, expect, it } from 'vitest';
import { isAcceptedBillFile } from './file-types.ts';
import { formatCost, formatDate, formatFileSize, formatMoney } from '@/lib/format.ts';

describe('isAcceptedBillFile', () => {
  it.each([
    ['bill.pdf', 'application/pdf'],
    ['photo.JPG', 'image/jpeg'],
    ['scan.png', 'image/png'],
    ['IMG_0001.HEIC', ''],
    ['IMG_0002.heic', 'image/heic'],
    ['bill.pdf', 'application/octet-stream'],
  ])('accepts %s (%s)', (name, type) => {
    expect(isAcceptedBillFile({ name, type })).toBe(true);
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['setup.exe', 'application/x-msdownload'],
    ['bill.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['archive', ''],
    ['virus.exe', 'application/octet-stream'],
  ])('rejects %s (%s)', (name, type) => {
    expect(isAcceptedBillFile({ name, type })).toBe(false);
  });
});

describe('formatting', () => {
  it('shows money with two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('keeps sub-dollar processing costs readable', () => {
    expect(formatCost(0.0031)).toBe('$0.0031');
    expect(formatCost(12.5)).toBe('$12.50');
    expect(formatCost(0)).toBe('$0.00');
  });

  it('formats dates as "Mar 15, 2026" without shifting date-only values across time zones', () => {
    expect(formatDate('2026-03-15')).toBe('Mar 15, 2026');
    expect(formatDate('2026-03-01T00:00:00Z')).toMatch(/^(Feb 28|Mar 1), 2026$/);
    expect(formatDate(null)).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });

  it('gives file sizes in MB to two decimals', () => {
    expect(formatFileSize(2_464_153)).toBe('2.35 MB');
    expect(formatFileSize(1024)).toBe('0.00 MB');
  });
});
