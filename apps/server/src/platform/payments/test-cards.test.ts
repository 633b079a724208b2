import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, chargeTestCard } from './test-cards.ts';

const now = new Date('2026-11-23T00:00:00Z');
const card = (number: string, expiry = '12/34', cvc = '123') => chargeTestCard({ number, expiry, cvc }, now);

describe('built-in checkout test cards', () => {
  it('4242 4242 4242 4242 succeeds', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, brand: 'visa', last4: '4242' });
  });

  it('declines 4000 0000 0000 0002 and 4000 0000 0000 9995 with Stripe’s messages', () => {
    expect(card('4000 0000 0000 0002')).toMatchObject({ ok: false, message: CARD_MESSAGES.declined });
    expect(card('4000000000009995')).toMatchObject({ ok: false, message: CARD_MESSAGES.insufficientFunds });
  });

  it('refuses a mistyped number, a past expiry and a short security code', () => {
    expect(card('4242 4242 4242 4241')).toMatchObject({ ok: false, field: 'number', message: CARD_MESSAGES.invalidNumber });
    expect(card('4242424242424242', '10/26')).toMatchObject({ ok: false, field: 'expiry', message: CARD_MESSAGES.expired });
    expect(card('4242424242424242', '13/30')).toMatchObject({ ok: false, field: 'expiry' });
    expect(card('4242424242424242', '12/34', '1')).toMatchObject({ ok: false, field: 'cvc' });
    expect(card('5555555555554444')).toMatchObject({ ok: false, message: CARD_MESSAGES.notTestCard });
  });
});
