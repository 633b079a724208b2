import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Toasts fade in and out; scans of a screen leave them out, one test checks them settled. */
export const TOASTS = '[data-sonner-toaster]';

/** The rules whose outcome depends on colours: all a second colour scheme of the same screen needs. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now and returns the
 * violations, one entry per rule with the selectors of the offending nodes. `exclude` takes
 * CSS selectors of parts not to scan; `rules`, when given, limits the scan to those rules.
 */
export async function axeViolations(page: Page, exclude: string[] = [TOASTS], rules?: string[]): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async ({ excluded, only }) => {
    type Result = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: Result[] }> } }).axe;
    const context = { include: [['html']], exclude: excluded.map((selector) => [selector]) };
    const { violations } = await axe.run(context as unknown as Document, {
      runOnly: only ? { type: 'rule', values: only } : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Only the violations are read: axe skips describing every passing node (much of a scan's time).
      resultTypes: ['violations'],
    });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, { excluded: exclude, only: rules });
}
