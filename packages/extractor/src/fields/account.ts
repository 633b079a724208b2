import { findDates } from './date.ts';
import type { Found } from './pairing.ts';

const ACCOUNT_RE = /(?<![\w$.,/])((?:[A-Z]{1,3}-)?[A-Z]{0,3}\d[\dA-Z]*(?:[ -]{1,2}[\dA-Z]*\d[\dA-Z]*)*)(?![\w.,/]|\s?%)/g;

export function parseAccount(input: string): Array<Found<string>> {
  const out: Array<Found<string>> = [];
  // Dates are not part of an identifier ("20 Sep 2026 4835877995-8" is a date, then the number).
  let text = input;
  for (const d of findDates(input)) text = text.slice(0, d.start) + ' '.repeat(d.end - d.start) + text.slice(d.end);
  for (const m of text.matchAll(ACCOUNT_RE)) {
    const value = (m[1] ?? '').trim();
    const digits = value.replace(/\D/g, '').length;
    if (digits < 5 || digits > 24) continue;
    // The local part of a phone number: "(941) 639-1106", "941-639-1106".
    if (/\(\d{3}\)\s?$|\d{3}[ .-]$/.test(text.slice(Math.max(0, m.index - 7), m.index)) && /^\d{3}[ .-]\d{4}$/.test(value)) continue;
    if (findDates(value).length > 0) continue;
    // Phone numbers: (555) 555-0100, 555-555-0100, 555.555.0100, 1-800-…; an account number may
    // be printed in space-separated groups of the same shape ("123 456 7890").
    if (/^\(\d{3}\)\s?\d{3}[ .-]\d{4}$/.test(value) || /^\d{3}([.-])\d{3}\1\d{4}$/.test(value) || /^1[ .-]\d{3}[ .-]\d{3}[ .-]\d{4}$/.test(value)) continue;
    if (/^(?:800|888|877|866|855|844|833)\s\d{3}\s\d{4}$/.test(value)) continue;
    out.push({ value, start: m.index, end: m.index + value.length });
  }
  return out;
}
