import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster, toast } from 'sonner';
import { onTestFinished } from 'vitest';

/**
 * Component tests (files `*.test.tsx` that start with `// @vitest-environment happy-dom`) render
 * a screen with the app's providers and a fake API: `fetch` answers from a table of
 * `'METHOD /path'` → JSON body (or a function of the request), and 404 for anything else, so a
 * test states the answers its screen needs and can read what the screen sent. No module is
 * mocked: the screen's own API calls, hooks and query client run as in the app.
 */
export type ApiRequest = { method: string; path: string; url: URL; body: unknown };
/** A JSON body, a `reply(status, body)`, or a function of the request returning either (or a promise of it). */
export type ApiTable = Record<string, unknown>;

/** An answer with a status other than 200: `reply(422, { error: { code, message } })`. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const reply = (status: number, body: unknown = null) => new Reply(status, body);

/** A signed-in user's session, as better-auth's get-session answers it. */
export const SIGNED_IN = {
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true, role: 'user' },
  session: { expiresAt: '2099-01-01T00:00:00Z' },
};

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Replaces `fetch` for the current test with one that answers from `table`; returns the requests seen. */
export function fakeApi(table: ApiTable): ApiRequest[] {
  const requests: ApiRequest[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const request = { method, path: url.pathname, url, body: parseBody(init?.body) };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    if (!(key in table)) return Response.json({ error: { code: 'NOT_FOUND', message: `No fake answer for ${key}` } }, { status: 404 });
    const entry = table[key];
    const answer = typeof entry === 'function' ? (entry as (r: ApiRequest) => unknown)(request) : entry;
    const resolved = answer instanceof Promise ? ((await answer) as unknown) : answer;
    if (resolved instanceof Reply) return Response.json(resolved.body, { status: resolved.status });
    return Response.json(resolved ?? null);
  };
  onTestFinished(() => {
    globalThis.fetch = original;
  });
  return requests;
}

/**
 * Renders `ui` inside a query client (no retries, so an error shows at once) and a router at
 * `path` (`/screen` unless given; a navigation to /dashboard or / shows "Dashboard page" or "Home page"), toasts shown, with the fake API (`get-session` answers signed in unless the table says otherwise).
 */
export function renderScreen(ui: ReactElement, options: { api?: ApiTable; path?: string } = {}) {
  const requests = fakeApi({ 'GET /api/auth/get-session': SIGNED_IN, ...options.api });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  const result: RenderResult = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[options.path ?? '/screen']}>
        <Routes>
          <Route path="*" element={ui} />
          {/* Where a screen navigates to, so a test can see it went there. */}
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  onTestFinished(() => {
    // Sonner keeps its toasts in a module-wide store and replays the active ones to the next
    // Toaster; with modules shared across test files (isolate: false), a toast left by one test
    // would show again in the next. Dismissing them all ends them with their test.
    toast.dismiss();
    cleanup();
    client.clear();
  });
  return { ...result, requests, user: userEvent.setup({ delay: null }), client };
}
