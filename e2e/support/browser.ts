import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** System Chromium (Debian's), launched the way this sandbox allows: no sandbox, no GPU, no background traffic. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

let contexts = 0;
/**
 * The address a new browser context stands for (sent as X-Forwarded-For, which the test servers
 * trust): each context is a user on a machine of their own, so limits per address count per
 * context, not per run, on a server several specs share.
 */
export function contextAddress(): string {
  contexts += 1;
  return `10.${process.pid % 250}.${Math.floor(contexts / 250) % 250}.${(contexts % 250) + 1}`;
}

/**
 * A browser context standing for one user at `contextAddress()`. The dev mailbox answers only
 * the machine itself (never a request a proxy forwarded): the context opens it as the developer
 * at that machine would, without the forwarded address.
 */
export async function newUserContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { ...options.extraHTTPHeaders, 'x-forwarded-for': contextAddress() } });
  await context.route('**/dev/mailbox**', async (route) => {
    const headers = { ...route.request().headers() };
    delete headers['x-forwarded-for'];
    await route.continue({ headers });
  });
  return context;
}

export async function newPage(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newUserContext(browser, { baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
/** A unique address per test so tests never share accounts (the process id too: specs run in processes of their own, on one server). */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}-${counter}@example.com`;
}

export const STRONG_PASSWORD = 'Sunlight#2026';
