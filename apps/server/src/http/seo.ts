import type { Env, Hono } from 'hono';
import { sitemapPaths } from '@wattwise/shared/web-route-descriptions';

/** XML-escapes a URL for the sitemap. */
function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The sitemap of the public pages, at the address the server is reached by (PUBLIC_URL). */
export function sitemapXml(publicUrl: string): string {
  const urls = sitemapPaths().map((path) => `  <url><loc>${xml(`${publicUrl}${path === '/' ? '/' : path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: public pages open to crawlers; the API, the dev tools and signed-in screens not. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Disallow: /api/', 'Disallow: /dev/', 'Disallow: /dashboard', 'Disallow: /auth/', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

/** GET /sitemap.xml and /robots.txt (issue 12), computed once: the page list changes only with a release. */
export function mountSeoRoutes<E extends Env>(app: Hono<E>, options: { publicUrl: string }): void {
  const sitemap = sitemapXml(options.publicUrl);
  const robots = robotsTxt(options.publicUrl);
  const headers = { 'cache-control': 'public, max-age=3600' };
  app.get('/sitemap.xml', (c) => c.body(sitemap, 200, { ...headers, 'content-type': 'application/xml; charset=utf-8' }));
  app.get('/robots.txt', (c) => c.text(robots, 200, headers));
}
