import { describe, expect, it } from 'vitest';
import { descriptionForPath, sitemapPaths } from './web-route-descriptions.ts';
import { isBuiltScreen, NOT_FOUND_TITLE, titleForPath } from './web-routes.ts';

describe('web route table', () => {
  it('knows which screens are built, with or without a trailing slash, query or anchor', () => {
    expect(isBuiltScreen('/')).toBe(true);
    expect(isBuiltScreen('/#features')).toBe(true);
    expect(isBuiltScreen('/dashboard/')).toBe(true);
    expect(isBuiltScreen('/dashboard?subscription=success')).toBe(true);
    expect(isBuiltScreen('/dashboard/bills/0b9a3c1e-1111-4a7e-9c1d-2b2b2b2b2b2b')).toBe(true);
    expect(isBuiltScreen('/compliance')).toBe(true);
    expect(isBuiltScreen('/no-such-screen')).toBe(false);
    expect(isBuiltScreen('/admin')).toBe(true);
    expect(isBuiltScreen('/email-test')).toBe(true);
    expect(isBuiltScreen('/no-such-page')).toBe(false);
    expect(isBuiltScreen('/dashboard/bills')).toBe(false);
  });

  it('titles every page after its screen', () => {
    expect(titleForPath('/dashboard')).toBe('Your Dashboard — Wattwise');
    expect(titleForPath('/bill-upload')).toBe('Upload Your Utility Bill — Wattwise');
    expect(titleForPath('/dashboard/bills/abc')).toBe('Bill details — Wattwise');
    expect(titleForPath('/nowhere')).toBe(NOT_FOUND_TITLE);
  });

  it('describes the marketing and legal pages, and falls back to the home page’s description', () => {
    expect(descriptionForPath('/pricing')).toMatch(/Free, Basic and Pro/);
    expect(descriptionForPath('/faq')).toBe(descriptionForPath('/frequently-asked-questions'));
    expect(descriptionForPath('/dashboard')).toBe(descriptionForPath('/'));
  });

  it('describes only pages that exist, and gives a page’s second path the same description', () => {
    expect(sitemapPaths().filter((path) => !isBuiltScreen(path))).toEqual([]);
    expect(descriptionForPath('/terms')).toBe(descriptionForPath('/terms-of-service'));
    expect(descriptionForPath('/homepage')).toBe(descriptionForPath('/'));
  });

  it('lists public pages once in the sitemap, never signed-in screens or aliases', () => {
    const paths = sitemapPaths();
    expect(paths).toContain('/');
    expect(paths).toContain('/terms-of-service');
    expect(paths).not.toContain('/terms');
    expect(paths).not.toContain('/home');
    expect(paths).toContain('/rebates');
    expect(paths).not.toContain('/applications');
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.some((p) => p.startsWith('/dashboard') || p.includes(':'))).toBe(false);
  });
});
