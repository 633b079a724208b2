import { lazy, Suspense, useEffect, useState } from 'react';
import { useMatches } from 'react-router';

const FloatingAssistant = lazy(async () => ({ default: (await import('@/features/assistant/components/floating-assistant.tsx')).FloatingAssistant }));

/** App screens: shortly after the page has loaded. */
const APP_PAGE_DELAY_MS = 800;
/** Light pages (landing, marketing, legal): at the first interaction, else this long after load. */
const LIGHT_PAGE_DELAY_MS = 5_000;
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart'] as const;

function isLightPage(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'deferToaster' in handle && handle.deferToaster === true;
}

/**
 * The global assistant bubble in a chunk of its own, loaded after the page: never part of a
 * page's initial JavaScript, and on the light pages (the landing budget, bench/web.ts) not before
 * the visitor first moves or types, or a few seconds after load (docs/decisions/091).
 */
/** A screen that is the assistant itself (/ai-assistant) shows no bubble over its own controls. */
function isOwnAssistant(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'ownAssistant' in handle && handle.ownAssistant === true;
}

export function AssistantLoader() {
  const matches = useMatches();
  const light = matches.some((match) => isLightPage(match.handle));
  const hidden = matches.some((match) => isOwnAssistant(match.handle));
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    let timer: number | undefined;
    const mount = () => setMounted(true);
    const start = () => {
      timer = window.setTimeout(mount, light ? LIGHT_PAGE_DELAY_MS : APP_PAGE_DELAY_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    if (light) for (const e of FIRST_USE_EVENTS) window.addEventListener(e, mount, { once: true, passive: true });
    return () => {
      window.removeEventListener('load', start);
      window.clearTimeout(timer);
      for (const e of FIRST_USE_EVENTS) window.removeEventListener(e, mount);
    };
  }, [light, mounted]);
  return mounted && !hidden ? (
    <Suspense fallback={null}>
      <FloatingAssistant />
    </Suspense>
  ) : null;
}
