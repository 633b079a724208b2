import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, parseErrorBody } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('parseErrorBody', () => {
  it('reads the app error shape', () => {
    expect(parseErrorBody(422, { error: { code: 'VALIDATION', message: 'Bad input', details: [1] } })).toEqual({
      code: 'VALIDATION',
      message: 'Bad input',
      details: [1],
    });
  });

  it("reads better-auth's flat shape", () => {
    expect(parseErrorBody(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('falls back to the status when the body says nothing', () => {
    expect(parseErrorBody(429, '', 'Too Many Requests')).toMatchObject({ code: 'HTTP_429', message: 'Too Many Requests' });
  });
});

describe('apiRequest', () => {
  it('sends JSON and returns the parsed answer', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ok: true }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 }, headers: { 'x-captcha-response': 't' } })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'x-captcha-response': 't' });
  });

  it('throws ApiError with status and code on an error answer', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }), { status: 403 })),
    );
    const error = await apiRequest('/api/auth/sign-in/email').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
  });

  it('turns a failed fetch into a network ApiError', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true });
  });

  it('returns null for an empty success body', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 200 })));
    await expect(apiRequest('/api/auth/get-session')).resolves.toBeNull();
  });
});
