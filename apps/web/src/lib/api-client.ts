/**
 * The one HTTP client of the web app. It throws `ApiError` for every failure and never
 * shows toasts or navigates: call sites decide what the user sees.
 *
 * Two error shapes reach it: the app's `{ error: { code, message, details } }` and
 * better-auth's `{ code, message }` under /api/auth.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** True when the request never got an HTTP answer (offline, DNS, CORS, aborted). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads an error payload of either shape into code, message and details. */
export function parseErrorBody(
  status: number,
  body: unknown,
  statusText = '',
): { code: string; message: string; details?: unknown } {
  const fallback = { code: `HTTP_${status}`, message: statusText || `Request failed with status ${status}` };
  if (!isRecord(body)) return fallback;
  const inner = isRecord(body.error) ? body.error : body;
  const code = typeof inner.code === 'string' && inner.code ? inner.code : fallback.code;
  const message =
    typeof inner.message === 'string' && inner.message
      ? inner.message
      : typeof body.error === 'string'
        ? body.error
        : fallback.message;
  return { code, message, details: inner.details };
}

/** Sends a JSON request to the same-origin API and returns the parsed JSON answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'Network request failed';
    throw new ApiError(0, NETWORK_ERROR_CODE, `Network error: ${message}`);
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const parsed = parseErrorBody(response.status, data, response.statusText);
    throw new ApiError(response.status, parsed.code, parsed.message, parsed.details);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
};
