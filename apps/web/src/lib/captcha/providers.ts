import { api } from '@/lib/api-client.ts';
import { encodeAltchaPayload, solveAltcha, type AltchaChallenge } from './altcha-solver.ts';
import { loadScript, waitFor } from './load-script.ts';

export type CaptchaAction = 'login' | 'signup' | 'checkout' | 'contact';

/**
 * One captcha provider: `prepare` gets a token ready ahead of time where the provider allows
 * it (ALTCHA solves its proof-of-work as soon as the dialog opens), `token` hands it over.
 */
export interface CaptchaProvider {
  readonly name: string;
  prepare(signal: AbortSignal): Promise<void>;
  /** Returns the value of the `x-captcha-response` header; each token is used once. */
  token(action: CaptchaAction): Promise<string>;
}

async function solveInWorker(challenge: AltchaChallenge, signal: AbortSignal): Promise<number | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return (await solveAltcha(challenge, signal))?.number ?? null;
  }
  return new Promise<number | null>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<{ ok: boolean; solution?: { number: number } | null; message?: string }>) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      if (event.data.ok) resolve(event.data.solution?.number ?? null);
      else reject(new Error(event.data.message ?? 'ALTCHA solver failed'));
    };
    worker.onerror = () => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      // A worker the page may not start (CSP, old browser): solve on the main thread in batches.
      solveAltcha(challenge, signal).then((s) => resolve(s?.number ?? null), reject);
    };
    worker.postMessage(challenge);
  });
}

export function createAltchaProvider(): CaptchaProvider {
  let ready: Promise<string> | null = null;
  return {
    name: 'ALTCHA',
    async prepare(signal) {
      ready = (async () => {
        const challenge = await api.get<AltchaChallenge>('/api/captcha/challenge', { signal });
        const number = await solveInWorker(challenge, signal);
        if (number === null) throw new Error('ALTCHA challenge has no solution');
        return encodeAltchaPayload(challenge, number);
      })();
      await ready;
    },
    async token() {
      if (!ready) throw new Error('ALTCHA not prepared');
      const value = await ready;
      ready = null;
      return value;
    },
  };
}

interface Turnstile {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  reset(id: string): void;
  remove(id: string): void;
}
interface RecaptchaEnterprise {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    turnstile?: Turnstile;
    grecaptcha?: { enterprise?: RecaptchaEnterprise };
  }
}

/** Cloudflare Turnstile, rendered into `container` (visible only when it needs interaction). */
export function createTurnstileProvider(siteKey: string, container: () => HTMLElement | null): CaptchaProvider {
  let current: { resolve: (t: string) => void; promise: Promise<string> } | null = null;
  let widgetId: string | null = null;
  const fresh = () => {
    let resolve!: (t: string) => void;
    const promise = new Promise<string>((r) => (resolve = r));
    current = { resolve, promise };
  };
  return {
    name: 'Cloudflare Turnstile',
    async prepare(signal) {
      await loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
      const turnstile = await waitFor(() => window.turnstile, 5000);
      const el = await waitFor(() => container() ?? undefined, 5000);
      if (signal.aborted) return;
      fresh();
      widgetId = turnstile.render(el, {
        sitekey: siteKey,
        appearance: 'interaction-only',
        callback: (token: string) => current?.resolve(token),
      });
      signal.addEventListener('abort', () => widgetId && turnstile.remove(widgetId), { once: true });
    },
    async token() {
      if (!current) throw new Error('Turnstile not loaded');
      const value = await current.promise;
      fresh();
      if (widgetId) window.turnstile?.reset(widgetId);
      return value;
    },
  };
}

/** reCAPTCHA Enterprise, score-based: a token per action at submit time. */
export function createRecaptchaProvider(siteKey: string): CaptchaProvider {
  return {
    name: 'reCAPTCHA',
    async prepare() {
      await loadScript(`https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`);
      const enterprise = await waitFor(() => window.grecaptcha?.enterprise, 5000);
      await new Promise<void>((resolve) => enterprise.ready(resolve));
    },
    async token(action) {
      const enterprise = window.grecaptcha?.enterprise;
      if (!enterprise) throw new Error('reCAPTCHA Enterprise not loaded');
      try {
        return await enterprise.execute(siteKey, { action });
      } catch {
        throw new Error('reCAPTCHA Enterprise execution failed');
      }
    },
  };
}
