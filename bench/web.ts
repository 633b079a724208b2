/**
 * Page weight and speed of the web app (issue 12), against the server `npm start` runs (built web
 * app, embedded defaults; demo data off so no background OCR competes for the CPU), in the system
 * Chromium through playwright-core:
 *
 * - per route (/, /pricing, /dashboard signed out): JavaScript and CSS transferred, compressed
 *   (encoded body bytes as received), from navigation until the network is idle, each load in a
 *   fresh browser context (cold cache);
 * - the largest contentful paint of / : median of 5 cold loads.
 *
 *   npm run bench:web                # builds the web app first, as `npm start` does
 *   npm run bench:web -- --no-build  # measure the current build
 *   npm run bench:web -- --json
 *   npm run bench:web -- --files     # also each file a route loads, largest first
 *
 * A report, never an assertion: the budgets (landing JS at most 120 KB, LCP under 1.0 s) are
 * printed next to the figures.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startApp } from '../e2e/support/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUTES = ['/', '/pricing', '/dashboard'];
const LCP_RUNS = 5;
const BUDGET = { landingJsKb: 120, lcpMs: 1000 };

interface RouteWeight {
  route: string;
  jsBytes: number;
  cssBytes: number;
  jsFiles: number;
  cssFiles: number;
  encodings: string[];
  /** Each file as transferred: its path and compressed size. */
  files: { path: string; bytes: number }[];
}

async function weigh(browser: Browser, baseUrl: string, route: string): Promise<RouteWeight> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const finished: Promise<void>[] = [];
  const weight: RouteWeight = { route, jsBytes: 0, cssBytes: 0, jsFiles: 0, cssFiles: 0, encodings: [], files: [] };
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    finished.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
        if (!weight.encodings.includes(encoding)) weight.encodings.push(encoding);
        weight.files.push({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
        if (type === 'script') {
          weight.jsBytes += sizes.responseBodySize;
          weight.jsFiles += 1;
        } else {
          weight.cssBytes += sizes.responseBodySize;
          weight.cssFiles += 1;
        }
      })(),
    );
  });
  await page.goto(route, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Anything loaded on idle after the first paint counts too.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await Promise.all(finished);
  await context.close();
  return weight;
}

async function largestContentfulPaint(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
          // Node's typings (this file's lib) do not list the browser-only entry type.
        }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const args = process.argv.slice(2);
if (!args.includes('--no-build')) execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'ignore' });

const app = await startApp();
const browser = await launchBrowser();
try {
  // One warm-up load: the server compresses each file once, on its first request.
  await weigh(browser, app.baseUrl, '/');
  const weights: RouteWeight[] = [];
  for (const route of ROUTES) weights.push(await weigh(browser, app.baseUrl, route));
  const lcps: number[] = [];
  for (let run = 0; run < LCP_RUNS; run += 1) lcps.push(await largestContentfulPaint(browser, app.baseUrl));
  const report = { weights, lcpMs: lcps.map(Math.round), lcpMedianMs: Math.round(median(lcps)), budget: BUDGET };
  if (args.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log('route        JS (KB, files)   CSS (KB, files)  encodings');
    for (const w of weights) {
      console.log(`${w.route.padEnd(12)} ${kb(w.jsBytes).padStart(7)} (${w.jsFiles})     ${kb(w.cssBytes).padStart(6)} (${w.cssFiles})      ${w.encodings.join(', ')}`);
    }
    if (args.includes('--files')) {
      for (const w of weights) {
        console.log(`\n${w.route}`);
        for (const f of [...w.files].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(f.bytes).padStart(7)} KB  ${f.path}`);
      }
    }
    const landing = weights[0];
    console.log(`landing JS ${kb(landing?.jsBytes ?? 0)} KB (budget ${BUDGET.landingJsKb} KB)`);
    console.log(`LCP of /: median ${report.lcpMedianMs} ms of ${LCP_RUNS} cold loads [${report.lcpMs.join(', ')}] (budget < ${BUDGET.lcpMs} ms)`);
  }
} finally {
  await browser.close();
  await app.stop();
  await app.cleanup();
}
