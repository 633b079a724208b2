import { lazy, Suspense, useEffect, useState } from 'react';

const FloatingAssistant = lazy(async () => ({ default: (await import('@/features/assistant/components/floating-assistant.tsx')).FloatingAssistant }));

/**
 * The global assistant bubble, loaded shortly after the page has loaded: its code
 * is a chunk of its own and never part of a page's initial JavaScript (the landing budget).
 */
export function AssistantLoader() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const mount = () => {
      timer = window.setTimeout(() => setMounted(true), 800);
    };
    if (document.readyState === 'complete') mount();
    else window.addEventListener('load', mount, { once: true });
    return () => {
      window.removeEventListener('load', mount);
      window.clearTimeout(timer);
    };
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <FloatingAssistant />
    </Suspense>
  ) : null;
}
