import { lazy, Suspense, useEffect, useState } from 'react';
import { useMatches } from 'react-router';

const ThemedToaster = lazy(async () => ({ default: (await import('./themed-toaster.tsx')).ThemedToaster }));

/** Route `handle` of pages whose first load carries no toast code (the marketing and legal pages). */
export const LIGHT_PAGE = { deferToaster: true } as const;

function isLightPage(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'deferToaster' in handle && handle.deferToaster === true;
}

/**
 * Mounts the toaster at once on app screens, and on light pages at the first pointer or key press
 * (every toast there follows one). sonner replays toasts raised before it mounts, so none is lost.
 */
export function DeferredToaster() {
  const light = useMatches().some((match) => isLightPage(match.handle));
  const [mounted, setMounted] = useState(!light);
  if (!light && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const options = { once: true, capture: true } as const;
    window.addEventListener('pointerdown', mount, options);
    window.addEventListener('keydown', mount, options);
    return () => {
      window.removeEventListener('pointerdown', mount, options);
      window.removeEventListener('keydown', mount, options);
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}
