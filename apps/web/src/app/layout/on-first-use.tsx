import { Suspense, useState, type ReactNode } from 'react';

/**
 * Shows a light `placeholder` (a plain button) until it is first used, then the lazily loaded
 * `children` in its place, opened. Menus and sheets of the header load this way, so the first page
 * carries no menu or dialog code (issue 12, 'Speed').
 */
export function OnFirstUse({ placeholder, children }: { placeholder: (activate: () => void) => ReactNode; children: ReactNode }) {
  const [active, setActive] = useState(false);
  if (!active) return placeholder(() => setActive(true));
  return <Suspense fallback={placeholder(() => undefined)}>{children}</Suspense>;
}
