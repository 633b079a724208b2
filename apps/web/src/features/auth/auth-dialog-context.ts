import { createContext, useContext } from 'react';

export type AuthMode = 'signin' | 'signup';

/** Navigation state that asks the layout to open the auth dialog (01-core §2, §4). */
export interface OpenAuthState {
  openAuth: AuthMode;
  returnPath?: string;
}

export const DEFAULT_RETURN_PATH = '/dashboard';

export interface AuthDialogApi {
  isOpen: boolean;
  openAuthDialog: (mode: AuthMode, returnPath?: string) => void;
  closeAuthDialog: () => void;
}

export const AuthDialogContext = createContext<AuthDialogApi | null>(null);

export function useAuthDialog(): AuthDialogApi {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return value;
}

const PROBE_ORIGIN = 'https://wattwise.invalid';

/** Only same-site paths are followed after sign-in (no open redirects). */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return DEFAULT_RETURN_PATH;
  // Judge the path as the browser will read it: URL parsing drops tabs and newlines and reads
  // '\\' as '/', so '/\t/evil.example' is really '//evil.example', another site.
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== PROBE_ORIGIN || path.startsWith('//') || path.startsWith('/\\')) return DEFAULT_RETURN_PATH;
  return path;
}

export function isOpenAuthState(state: unknown): state is OpenAuthState {
  if (typeof state !== 'object' || state === null || !('openAuth' in state)) return false;
  return state.openAuth === 'signin' || state.openAuth === 'signup';
}
