import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed unsubscribe links: `<userId>.<HMAC-SHA256(userId)>`, so a link works without signing in
// (one click from the mail, RFC 8058) and cannot be forged for another user.

const PURPOSE = 'wattwise-unsubscribe-v1';

/** The unsubscribe key, derived from the app's secret (never the secret itself in a URL's HMAC). */
export function unsubscribeKey(appSecret: string): string {
  return createHmac('sha256', appSecret).update(PURPOSE).digest('base64url');
}

function mac(key: string, userId: string): string {
  return createHmac('sha256', key).update(userId).digest('base64url');
}

export function signUnsubscribeToken(key: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(key, userId)}`;
}

/** The user a token was signed for, or null when it was tampered with. */
export function verifyUnsubscribeToken(key: string, token: string): string | null {
  const [encoded, given] = token.split('.');
  if (!encoded || !given) return null;
  const userId = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(mac(key, userId));
  const actual = Buffer.from(given);
  return userId && expected.length === actual.length && timingSafeEqual(expected, actual) ? userId : null;
}

const SUBSCRIPTION = 'subscription:';

/** The token of a Stay Updated sign-up (visitors have no user id): the subscription's id, signed the same way. */
export function signSubscriptionToken(key: string, subscriptionId: string): string {
  return signUnsubscribeToken(key, `${SUBSCRIPTION}${subscriptionId}`);
}

/** The subscription id a verified token names, or null when it names a user. */
export function subscriptionOfToken(subject: string): string | null {
  return subject.startsWith(SUBSCRIPTION) ? subject.slice(SUBSCRIPTION.length) : null;
}
