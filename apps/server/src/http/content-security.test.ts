// The CSP of every HTML page the server sends (issue 18): scripts only from our own origin —
// no 'unsafe-inline', no 'unsafe-eval' — and no page carrying a script the policy would block
// (an inline <script>, an on…= handler, a javascript: URL). The web app's page is the real
// index.html: the build's when `npm run build` has run, else its source.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { createTestContext, FROM_LOOPBACK, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
const built = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const indexHtml = fs.readFileSync(fs.existsSync(built) ? built : path.join(REPO_ROOT, 'apps/web/index.html'), 'utf8');

beforeAll(async () => {
  ctx = await createTestContext();
  fs.mkdirSync(ctx.config.webDistDir, { recursive: true });
  fs.writeFileSync(path.join(ctx.config.webDistDir, 'index.html'), indexHtml);
});
afterAll(async () => {
  await ctx?.close();
});

/** The policy's directives: name → sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((p) => p[0]).map(([name = '', ...sources]) => [name, sources]));
}

/** What in a page the policy's script-src would refuse to run. */
function blockedScripts(html: string, scriptSrc: string[]): string[] {
  const blocked: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    const src = attributes.match(/\bsrc="([^"]*)"/)?.[1];
    if (src !== undefined) {
      if (!src.startsWith('/') || src.startsWith('//')) blocked.push(`script from ${src}`);
      continue;
    }
    const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    if (body.trim() && !scriptSrc.includes(hash)) blocked.push(`inline script ${body.slice(0, 40)}`);
  }
  for (const handler of html.matchAll(/<[^>]+\s(on[a-z]+)=/gi)) blocked.push(`${handler[1]} handler`);
  if (/\b(?:href|src)="javascript:/i.test(html)) blocked.push('javascript: URL');
  return blocked;
}

describe('Content-Security-Policy of the HTML pages', () => {
  const pages: [string, RequestInit?, unknown?][] = [['/'], ['/pricing'], ['/dashboard'], ['/api/docs'], ['/dev/mailbox', {}, FROM_LOOPBACK]];

  it('allows scripts from our own origin only, and every page runs under it', async () => {
    expect(indexHtml).toContain('<script');
    for (const [url, init, env] of pages) {
      const res = await ctx.app.request(url, init, env);
      expect(res.headers.get('content-type'), url).toContain('text/html');
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scriptSrc, url).toContain("'self'");
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:']) expect(scriptSrc, `${url} script-src`).not.toContain(unsafe);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('form-action'), url).toEqual(["'self'"]);
      expect(blockedScripts(await res.text(), scriptSrc), url).toEqual([]);
    }
  });

  it('the check itself refuses an inline script, a handler and a foreign script', () => {
    expect(blockedScripts('<script>alert(1)</script><img src=x onerror="alert(1)"><script src="https://evil.example/x.js"></script>', ["'self'"])).toEqual([
      'inline script alert(1)',
      'script from https://evil.example/x.js',
      'onerror handler',
    ]);
    const hashed = `'sha256-${createHash('sha256').update('go()').digest('base64')}'`;
    expect(blockedScripts('<script>go()</script>', ["'self'", hashed])).toEqual([]);
  });
});
