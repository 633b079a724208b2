import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Per-device MQTT tokens (decision 175). A reading published to `wattwise/<user>/<device>` is
 * stored only when its payload carries that device's token: HMAC-SHA256 of "<user>/<device>"
 * under a key derived from the install's AUTH_SECRET, so every process of a fleet checks it
 * without a shared table, and anyone who can reach the broker but does not hold the token
 * cannot write into another user's dashboard. A leaked token is retired by using a new device
 * id; rotating AUTH_SECRET retires them all.
 */
export type DeviceTokenKey = Buffer;

export function deviceTokenKey(authSecret: string): DeviceTokenKey {
  return Buffer.from(hkdfSync('sha256', authSecret, 'wattwise', 'iot device tokens v1', 32));
}

export function deviceToken(key: DeviceTokenKey, userId: string, deviceId: string): string {
  return createHmac('sha256', key).update(`${userId}/${deviceId}`).digest('base64url');
}

export function isDeviceToken(key: DeviceTokenKey, userId: string, deviceId: string, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const expected = Buffer.from(deviceToken(key, userId, deviceId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
