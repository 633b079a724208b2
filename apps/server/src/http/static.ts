import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { acceptsEncoding } from './compression.ts';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../platform/logger.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.traineddata': 'application/octet-stream',
  '.gz': 'application/gzip',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.vtt': 'text/vtt; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest', '.ico', '.wasm', '.vtt']);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Paths the SPA never owns: they 404 as JSON or belong to other routes. */
const NOT_SPA = /^\/(api|dev|metrics)(\/|$)/;
/** Vite puts content-hashed files under /assets/: they never change. */
const HASHED = /^\/assets\//;

type Encoded = { br?: Buffer; gzip?: Buffer };

/** A page's title and description, written into index.html so the first byte already names the page. */
export interface PageMeta {
  title: string;
  description: string;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** index.html with the page's title and meta description (and the Open Graph copies of them). */
export function withPageMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${description}$2`)
    .replace(/(<meta\s+property="og:title"\s+content=")[^"]*(")/, `$1${title}$2`)
    .replace(/(<meta\s+property="og:description"\s+content=")[^"]*(")/, `$1${description}$2`);
}

/**
 * Serves the built web app from `distDir`: real files with long caching for hashed assets,
 * index.html (no-cache) for every other GET the SPA owns (status 404 outside the built screens), and brotli/gzip versions kept
 * in memory (the dist folder does not change while we run): the build's own `file.br` / `file.gz` (brotli 11, see
 * apps/web/build-plugins.ts) when present, else computed once on first request.
 */
export function serveWebApp(options: {
  distDir: string;
  logger: Logger;
  /** Paths of built screens; any other path gets the app (its not-found screen) with status 404. */
  isAppPath?: (pathname: string) => boolean;
  /** Title and description of the page at a path, written into the index.html served for it. */
  pageMeta?: (pathname: string) => PageMeta;
}): MiddlewareHandler {
  const root = path.resolve(options.distDir);
  const cache = new Map<string, Promise<Encoded>>();
  let warned = false;

  const encodedFor = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      entry = fs.readFile(file).then(async (raw) => {
        if (raw.length < 1024) return {};
        const [prebuiltBr, prebuiltGz] = await Promise.all([fs.readFile(`${file}.br`).catch(() => null), fs.readFile(`${file}.gz`).catch(() => null)]);
        if (prebuiltBr && prebuiltGz) return { br: prebuiltBr, gzip: prebuiltGz };
        const [br, gz] = await Promise.all([
          brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
          gzip(raw, { level: 9 }),
        ]);
        return { br, gzip: gz };
      });
      cache.set(file, entry);
    }
    return entry;
  };

  // index.html per title and description (a bounded set: one per page of the route table), compressed once.
  const pages = new Map<string, Promise<Encoded & { raw: Buffer }>>();
  const pageFor = (file: string, meta: PageMeta) => {
    const key = `${meta.title}\n${meta.description}`;
    let entry = pages.get(key);
    if (!entry) {
      entry = fs.readFile(file, 'utf8').then(async (html) => {
        const raw = Buffer.from(withPageMeta(html, meta));
        const [br, gz] = await Promise.all([brotli(raw), gzip(raw, { level: 9 })]);
        return { raw, br, gzip: gz };
      });
      pages.set(key, entry);
    }
    return entry;
  };

  const fileAt = async (urlPath: string): Promise<string | null> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
    if (file !== root && !file.startsWith(root + path.sep)) return null;
    const stat = await fs.stat(file).catch(() => null);
    return stat?.isFile() ? file : null;
  };

  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || NOT_SPA.test(c.req.path)) return next();
    let file = await fileAt(c.req.path);
    let status: 200 | 404 = 200;
    let isPage = false;
    let cacheControl = HASHED.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (!file) {
      // A missing file with an extension is a real 404, not a page of the SPA.
      if (path.extname(c.req.path) !== '' && !c.req.path.endsWith('.html')) return next();
      file = await fileAt('/index.html');
      isPage = true;
      cacheControl = 'no-cache';
      if (options.isAppPath && !options.isAppPath(c.req.path)) status = 404;
      if (!file) {
        if (!warned) {
          warned = true;
          options.logger.warn({ distDir: root }, 'web app not built: run `npm run build` (or `npm start` from the repo root, which builds first)');
        }
        return c.html(
          `<!doctype html><title>Wattwise</title><h1>Web app not built</h1><p>The API is running, but ${root} has no index.html. Run <code>npm run build</code> in the repository root, or start with <code>npm start</code>, which builds first.</p>`,
          503,
        );
      }
    }
    const ext = path.extname(file).toLowerCase();
    const headers: Record<string, string> = {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl,
    };
    const page = isPage && options.pageMeta ? await pageFor(file, options.pageMeta(c.req.path)) : null;
    if (COMPRESSIBLE.has(ext)) {
      headers.vary = 'Accept-Encoding';
      const accept = c.req.header('accept-encoding');
      const encoded = page ?? (await encodedFor(file));
      const encoding = acceptsEncoding(accept, 'br') && encoded.br ? 'br' : acceptsEncoding(accept, 'gzip') && encoded.gzip ? 'gzip' : null;
      if (encoding) {
        const body = encoding === 'br' ? encoded.br : encoded.gzip;
        headers['content-encoding'] = encoding;
        if (c.req.method === 'HEAD') return c.body(null, status, headers);
        return c.body(new Uint8Array(body ?? []), status, headers);
      }
    }
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    if (page) return c.body(new Uint8Array(page.raw), status, headers);
    const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return c.body(stream, status, headers);
  };
}
