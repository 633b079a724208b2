import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { publicConfigQueryOptions, type PublicConfig } from '@/lib/public-config.ts';
import {
  createAltchaProvider,
  createRecaptchaProvider,
  createTurnstileProvider,
  type CaptchaAction,
  type CaptchaProvider,
} from './providers.ts';

export type CaptchaStatus = 'loading' | 'ready' | 'error';

/** Bot-check gives up after 10 s (01-core §4, §9). */
export const CAPTCHA_TIMEOUT_MS = 10_000;

function createProvider(config: PublicConfig, container: () => HTMLElement | null): CaptchaProvider {
  const { provider, siteKey } = config.captcha;
  if (provider === 'turnstile' && siteKey) return createTurnstileProvider(siteKey, container);
  if (provider === 'recaptcha' && siteKey) return createRecaptchaProvider(siteKey);
  return createAltchaProvider();
}

/**
 * Human verification for a form: starts preparing as soon as the component using it mounts
 * (mount it with the dialog), reports loading / ready / error (error when not ready within
 * 10 s), and hands out one token per submit. ALTCHA fetches and solves a fresh challenge after
 * each use.
 */
export function useCaptcha() {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const [result, setResult] = useState<{ generation: number; status: 'ready' | 'error' } | null>(null);
  const [providerName, setProviderName] = useState<string | null>(null);
  const providerRef = useRef<CaptchaProvider | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const status: CaptchaStatus = result?.generation === generation ? result.status : 'loading';

  useEffect(() => {
    const controller = new AbortController();
    let settled = false;
    const timer = setTimeout(() => {
      if (!settled) setResult({ generation, status: 'error' });
    }, CAPTCHA_TIMEOUT_MS);

    void (async () => {
      try {
        const config = await queryClient.ensureQueryData(publicConfigQueryOptions());
        providerRef.current ??= createProvider(config, () => containerRef.current);
        setProviderName(providerRef.current.name);
        await providerRef.current.prepare(controller.signal);
        if (controller.signal.aborted) return;
        settled = true;
        setResult({ generation, status: 'ready' });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('Security verification failed to load', error);
        settled = true;
        setResult({ generation, status: 'error' });
      } finally {
        clearTimeout(timer);
      }
    })();

    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [generation, queryClient]);

  /** Returns the `x-captcha-response` value for one request, then prepares the next one. */
  const getToken = useCallback(async (action: CaptchaAction): Promise<string> => {
    const provider = providerRef.current;
    if (!provider) throw new Error('Security verification is not ready');
    try {
      return await provider.token(action);
    } finally {
      if (provider.name === 'ALTCHA') setGeneration((g) => g + 1);
    }
  }, []);

  /** Starts over after an error (the status line's retry). */
  const retry = useCallback(() => setGeneration((g) => g + 1), []);

  /** Callback ref for the element a widget-based provider (Turnstile) renders into. */
  const setContainer = useCallback((element: HTMLDivElement | null) => {
    containerRef.current = element;
  }, []);

  return { status, providerName, getToken, retry, setContainer };
}
