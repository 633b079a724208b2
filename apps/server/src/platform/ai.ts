/**
 * The AI provider interface (ARCHITECTURE.md 'AI'): Anthropic when ANTHROPIC_API_KEY is set,
 * else any OpenAI-compatible endpoint at OPENAI_BASE_URL (a local Ollama or vLLM), with the
 * model named by AI_MODEL. Without either, features answer with their offline engines.
 *
 * Two calls: `complete` (one prompt, text out: the rebates dialogs) and `converse` (a chat with
 * tools the model calls for data: the assistant). Every failure is an `AiProviderError` whose
 * kind says what went wrong, so a feature can show the spec's message for it (`aiErrorMessage`).
 */
export type AiConfig =
  | { provider: 'anthropic'; apiKey: string; model: string; baseUrl: string }
  | { provider: 'openai'; baseUrl: string; apiKey: string | null; model: string };

/** A function the model may call; its result goes back to the model as JSON. */
export type AiTool = {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object). */
  parameters: Record<string, unknown>;
  run: (args: unknown) => Promise<unknown>;
};

export type AiUsage = { inputTokens: number; outputTokens: number };

export type ConverseResult = {
  text: string;
  /** Every tool call made, with its result (what the answer's figures must come from). */
  toolCalls: { name: string; args: unknown; result: unknown }[];
  usage: AiUsage;
};

export interface AiProvider {
  /** Shown to users beside every answer ('Answered by: …'). */
  readonly name: string;
  /** The model's name (for cost records). */
  readonly model: string;
  /** One system prompt and one user message in, the model's text out; throws on any failure. */
  complete(input: { system: string; prompt: string; maxTokens?: number }): Promise<string>;
  /** A conversation in which the model may call tools (a few rounds at most), its final text out. */
  converse(input: { system: string; messages: { role: 'user' | 'assistant'; content: string }[]; tools: AiTool[]; maxTokens?: number; signal?: AbortSignal }): Promise<ConverseResult>;
}

export type AiErrorKind = 'http' | 'body' | 'format' | 'empty' | 'network' | 'cancelled' | 'timeout';

/** A provider call that failed, with what the spec's error mapping needs. */
export class AiProviderError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    readonly status: number | null = null,
    /** The provider's own error text, when it gave one. */
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

/** 01-core §8 'AI chat HTTP mapping', word for word, applied to a provider failure. */
export const AI_ERROR_MESSAGES = {
  configuration: 'AI service configuration error. Please contact support.',
  authentication: 'Authentication error. Please try signing in again.',
  capacity: 'AI service is currently at capacity. Please try again in a moment.',
  unavailable: 'AI service is temporarily unavailable. Please try again in a moment.',
  notConfigured: 'AI service needs to be configured',
  invalidFormat: 'Invalid response format from AI service',
  empty: 'Empty response from AI service',
  network: 'Network connection issue. Please check your internet connection and try again.',
  cancelled: 'Request was cancelled. Please try again.',
} as const;

/** The message a user reads for a failed provider call (01-core §8). */
export function aiErrorMessage(error: unknown): string {
  if (!(error instanceof AiProviderError)) return `Failed to get AI response: ${error instanceof Error ? error.message : String(error)}`;
  switch (error.kind) {
    case 'http': {
      const status = error.status ?? 0;
      if (status === 404) return AI_ERROR_MESSAGES.configuration;
      if (status === 401 || status === 403) return AI_ERROR_MESSAGES.authentication;
      if (status === 429) return AI_ERROR_MESSAGES.capacity;
      if (status >= 500) return AI_ERROR_MESSAGES.unavailable;
      return `Edge Function error (${status}): ${error.detail ?? error.message}`;
    }
    case 'body': {
      const detail = error.detail ?? error.message;
      if (/api[_ ]?key|not configured|unconfigured|invalid key|authenticat/i.test(detail)) return AI_ERROR_MESSAGES.notConfigured;
      if (/rate[_ ]?limit|quota|capacity|overloaded/i.test(detail)) return AI_ERROR_MESSAGES.capacity;
      return `AI service error: ${detail}`;
    }
    case 'format':
      return AI_ERROR_MESSAGES.invalidFormat;
    case 'empty':
      return AI_ERROR_MESSAGES.empty;
    case 'network':
      return AI_ERROR_MESSAGES.network;
    case 'cancelled':
      return AI_ERROR_MESSAGES.cancelled;
    case 'timeout':
      return AI_ERROR_MESSAGES.unavailable;
  }
}

const TIMEOUT_MS = 30_000;
const MAX_TOOL_ROUNDS = 4;

/** The provider's error text from an error body (Anthropic `{error:{message}}`, OpenAI the same, or a string). */
function errorDetail(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return null;
}

async function postJson(url: string, headers: Record<string, string>, body: unknown, fetchImpl: typeof fetch, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new AiProviderError('timeout', 'AI provider timed out');
    if (signal?.aborted) throw new AiProviderError('cancelled', 'AI request cancelled');
    throw new AiProviderError('network', `AI provider unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    if (res.ok) throw new AiProviderError('format', 'Invalid response format from AI service', res.status);
  }
  if (!res.ok) throw new AiProviderError('http', `AI provider answered ${res.status}`, res.status, errorDetail(parsed) ?? (text.slice(0, 200) || null));
  const detail = errorDetail(parsed);
  if (detail) throw new AiProviderError('body', `AI service error: ${detail}`, res.status, detail);
  if (!parsed || typeof parsed !== 'object') throw new AiProviderError('format', 'Invalid response format from AI service', res.status);
  return parsed;
}

function textOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw new AiProviderError('empty', 'Empty response from AI service');
  return value.trim();
}

function parseArgs(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return raw.trim() ? JSON.parse(raw) : {};
  } catch {
    throw new AiProviderError('format', 'Invalid response format from AI service');
  }
}

async function runTool(tools: AiTool[], name: string, args: unknown): Promise<unknown> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return { error: `No tool named ${name}` };
  return tool.run(args);
}

type AnthropicBlock = { type?: string; text?: string; id?: string; name?: string; input?: unknown };
type AnthropicResponse = { content?: AnthropicBlock[]; stop_reason?: string; usage?: { input_tokens?: number; output_tokens?: number } };
type OpenAiMessage = { role: string; content?: string | null; tool_calls?: { id: string; type?: string; function?: { name?: string; arguments?: string } }[]; tool_call_id?: string };
type OpenAiResponse = { choices?: { message?: OpenAiMessage; finish_reason?: string }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } };

function createAnthropic(config: Extract<AiConfig, { provider: 'anthropic' }>, fetchImpl: typeof fetch): AiProvider {
  const url = new URL('/v1/messages', config.baseUrl).toString();
  const headers = { 'x-api-key': config.apiKey, 'anthropic-version': '2023-06-01' };
  const call = async (body: Record<string, unknown>, signal?: AbortSignal) => {
    const res = (await postJson(url, headers, { model: config.model, ...body }, fetchImpl, signal)) as AnthropicResponse;
    if (!Array.isArray(res.content)) throw new AiProviderError('format', 'Invalid response format from AI service');
    return res;
  };
  return {
    name: `Anthropic ${config.model}`,
    model: config.model,
    async complete({ system, prompt, maxTokens = 1000 }) {
      const body = await call({ max_tokens: maxTokens, system, messages: [{ role: 'user', content: prompt }] });
      return textOf(body.content?.find((part) => part.type === 'text')?.text);
    },
    async converse({ system, messages, tools, maxTokens = 1000, signal }) {
      const convo: { role: string; content: unknown }[] = messages.map((m) => ({ role: m.role, content: m.content }));
      const usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
      const toolCalls: ConverseResult['toolCalls'] = [];
      const toolSpecs = tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const res = await call({ max_tokens: maxTokens, system, messages: convo, tools: toolSpecs }, signal);
        usage.inputTokens += res.usage?.input_tokens ?? 0;
        usage.outputTokens += res.usage?.output_tokens ?? 0;
        const uses = (res.content ?? []).filter((b) => b.type === 'tool_use' && b.name && b.id);
        if (!uses.length || round === MAX_TOOL_ROUNDS) {
          const text = (res.content ?? []).filter((b) => b.type === 'text').map((b) => b.text ?? '').join('');
          return { text: textOf(text), toolCalls, usage };
        }
        convo.push({ role: 'assistant', content: res.content });
        const results = [];
        for (const use of uses) {
          const result = await runTool(tools, use.name ?? '', use.input ?? {});
          toolCalls.push({ name: use.name ?? '', args: use.input ?? {}, result });
          results.push({ type: 'tool_result', tool_use_id: use.id, content: JSON.stringify(result) });
        }
        convo.push({ role: 'user', content: results });
      }
      throw new AiProviderError('empty', 'Empty response from AI service');
    },
  };
}

function createOpenAiCompatible(config: Extract<AiConfig, { provider: 'openai' }>, fetchImpl: typeof fetch): AiProvider {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  const call = async (body: Record<string, unknown>, signal?: AbortSignal) => {
    const res = (await postJson(url, headers, { model: config.model, ...body }, fetchImpl, signal)) as OpenAiResponse;
    if (!Array.isArray(res.choices)) throw new AiProviderError('format', 'Invalid response format from AI service');
    return res;
  };
  return {
    name: `${config.model} (OpenAI-compatible)`,
    model: config.model,
    async complete({ system, prompt, maxTokens = 1000 }) {
      const body = await call({ max_tokens: maxTokens, messages: [{ role: 'system', content: system }, { role: 'user', content: prompt }] });
      return textOf(body.choices?.[0]?.message?.content);
    },
    async converse({ system, messages, tools, maxTokens = 1000, signal }) {
      const convo: OpenAiMessage[] = [{ role: 'system', content: system }, ...messages];
      const usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
      const toolCalls: ConverseResult['toolCalls'] = [];
      const toolSpecs = tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const res = await call({ max_tokens: maxTokens, messages: convo, tools: toolSpecs }, signal);
        usage.inputTokens += res.usage?.prompt_tokens ?? 0;
        usage.outputTokens += res.usage?.completion_tokens ?? 0;
        const message = res.choices?.[0]?.message;
        if (!message) throw new AiProviderError('empty', 'Empty response from AI service');
        const calls = message.tool_calls ?? [];
        if (!calls.length || round === MAX_TOOL_ROUNDS) return { text: textOf(message.content), toolCalls, usage };
        convo.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
        for (const tc of calls) {
          const args = parseArgs(tc.function?.arguments);
          const result = await runTool(tools, tc.function?.name ?? '', args);
          toolCalls.push({ name: tc.function?.name ?? '', args, result });
          convo.push({ role: 'tool', tool_call_id: tc.id, content: JSON.stringify(result) });
        }
      }
      throw new AiProviderError('empty', 'Empty response from AI service');
    },
  };
}

export function createAiProvider(config: AiConfig | null, fetchImpl: typeof fetch = fetch): AiProvider | null {
  if (!config) return null;
  return config.provider === 'anthropic' ? createAnthropic(config, fetchImpl) : createOpenAiCompatible(config, fetchImpl);
}

/** The first JSON object in a model's answer (models sometimes wrap it in prose or a code fence). */
export function jsonIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new AiProviderError('format', 'Invalid response format from AI service');
  return JSON.parse(text.slice(start, end + 1));
}
