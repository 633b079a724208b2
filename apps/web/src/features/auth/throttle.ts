import { AUTH_LAST_ATTEMPT_KEY, AUTH_THROTTLE_MS } from '@wattwise/shared/auth';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStore(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The 2-second resubmit throttle (01-core §5): returns false when the previous auth attempt
 * was under AUTH_THROTTLE_MS ago; otherwise records this attempt and returns true.
 */
export function tryStartAuthAttempt(now = Date.now(), store: Store | null = defaultStore()): boolean {
  if (!store) return true;
  const last = Number(store.getItem(AUTH_LAST_ATTEMPT_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < AUTH_THROTTLE_MS && now >= last) return false;
  store.setItem(AUTH_LAST_ATTEMPT_KEY, String(now));
  return true;
}
