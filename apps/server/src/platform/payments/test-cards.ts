/**
 * Stripe's documented test cards, as the built-in checkout answers them
 * (https://docs.stripe.com/testing): 4242… succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds. Any other card is refused as Stripe's test mode
 * refuses a real card.
 */
export type CardOutcome = { ok: true; brand: string; last4: string } | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string };

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is invalid.',
  notTestCard: 'Your card was declined. Your request was in test mode, but used a non test card.',
  invalidExpiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
} as const;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function chargeTestCard(input: { number: string; expiry: string; cvc: string }, now = new Date()): CardOutcome {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, field: 'number', message: CARD_MESSAGES.invalidNumber };
  const expiry = input.expiry.replace(/\s/g, '').match(/^(\d{2})\/(\d{2}|\d{4})$/);
  if (!expiry) return { ok: false, field: 'expiry', message: CARD_MESSAGES.invalidExpiry };
  const month = Number(expiry[1]);
  const year = Number(expiry[2]) + (expiry[2]?.length === 2 ? 2000 : 0);
  if (month < 1 || month > 12) return { ok: false, field: 'expiry', message: CARD_MESSAGES.invalidExpiry };
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return { ok: false, field: 'expiry', message: CARD_MESSAGES.expired };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, field: 'cvc', message: CARD_MESSAGES.invalidCvc };
  switch (digits) {
    case '4242424242424242':
      return { ok: true, brand: 'visa', last4: '4242' };
    case '4000000000000002':
      return { ok: false, field: 'number', message: CARD_MESSAGES.declined };
    case '4000000000009995':
      return { ok: false, field: 'number', message: CARD_MESSAGES.insufficientFunds };
    default:
      return { ok: false, field: 'number', message: CARD_MESSAGES.notTestCard };
  }
}
