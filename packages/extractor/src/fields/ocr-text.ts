/**
 * Repairs for common OCR slips inside numeric tokens: letters that look like digits
 * (O/o → 0, l/I/| → 1, S → 5, B → 8) when the token is otherwise made of digits and
 * number punctuation. Words are left alone: a token must already hold at least one digit
 * and more digits than letters.
 */
const LOOKALIKE: Record<string, string> = { O: '0', o: '0', D: '0', l: '1', I: '1', '|': '1', S: '5', B: '8', Z: '2' };

export function fixOcrDigits(text: string): string {
  // A token glued to a word's letters is part of that word ("FEB-26" is not "FE8-26", "24-OCT" not "24-0CT").
  return text.replace(/(?<![A-Za-z])[$]?[0-9OoDlI|SBZ][0-9OoDlI|SBZ,./-]*[0-9OoDlI|SBZ](?![A-Za-z])/g, (token) => {
    const digits = (token.match(/[0-9]/g) ?? []).length;
    const letters = (token.match(/[OoDlI|SBZ]/g) ?? []).length;
    if (digits === 0 || letters === 0 || letters >= digits) return token;
    // A leading S before digits is usually a dollar sign.
    const lead = token.startsWith('S') && /^S\d/.test(token) ? '$' : '';
    const body = lead ? token.slice(1) : token;
    return lead + body.replace(/[OoDlI|SBZ]/g, (c) => LOOKALIKE[c] ?? c);
  });
}

/**
 * Closes up letter-spaced printing ("J a n  2 0 ,  2 0 2 1" → "Jan 20, 2021"): inside a run of
 * single characters separated by single spaces, letters join; a double space is a word gap.
 */
export function collapseLetterSpacing(text: string): string {
  return text.replace(/(?:^|(?<=\s))(?:\S ){2,}\S(?=\s|$)/g, (run) => run.replace(/ /g, ''));
}

/** Normalises whitespace and typographic characters used in bills. */
export function normalizeText(text: string): string {
  return text
    .replace(/[\u2012\u2013\u2014\u2212]/g, '-')
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'");
}
