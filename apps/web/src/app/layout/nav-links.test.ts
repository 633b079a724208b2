import { isBuiltScreen } from '@wattwise/shared/web-routes';
import { describe, expect, it } from 'vitest';
import { FOOTER_GROUPS, HEADER_LINKS } from './nav-links.ts';

describe('navigation links (issue 9, item 11)', () => {
  it('link only to screens that exist', () => {
    const targets = [...HEADER_LINKS.map((l) => l.to), ...FOOTER_GROUPS.flatMap((g) => g.links.map((l) => l.to))];
    expect(targets.length).toBeGreaterThan(0);
    for (const to of targets) expect(isBuiltScreen(to), to).toBe(true);
    expect(targets).toContain('/pricing');
    expect(targets).toContain('/terms-of-service');
    expect(targets).not.toContain('/admin');
    expect(targets).toContain('/dashboard');
  });
});
