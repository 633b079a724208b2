/**
 * The AI provider interface (docs/architecture.md, platform adapters): Anthropic when ANTHROPIC_API_KEY is set,
 * else any OpenAI-compatible endpoint at OPENAI_BASE_URL (a local Ollama or vLLM), with the
 * model named by AI_MODEL. Without either, features answer with their offline engines.
 *
 * Two calls: `complete` (one prompt, text out: the rebates dialogs) and `converse` (a chat with
 * tools the model calls for data: the assistant). Every failure is an `AiProviderError` whose
 * kind says what went wrong, so a feature can show the spec's message for it (`aiErrorMessage`).
 */
import { CHAT_MESSAGES } from '@wattwise/shared/contract/assistant';

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

export type ConverseInput = {
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
  tools: AiTool[];
  maxTokens?: number;
  signal?: AbortSignal;
  /** Given: the provider is asked to stream, and each piece of text is passed on as it arrives. */
  onText?: (delta: string) => void;
  /** The text streamed so far was a preamble to tool calls, not the answer: drop it. */
  onDiscard?: () => void;
};

export interface AiProvider {
  /** Shown to users beside every answer ('Answered by: …'). */
  readonly name: string;
  /** The model's name (for cost records). */
  readonly model: string;
  /** One system prompt and one user message in, the model's text out; throws on any failure. */
  complete(input: { system: string; prompt: string; maxTokens?: number }): Promise<string>;
  /** `complete` with the tokens the provider reported (for cost records). */
  ask(input: { system: string; prompt: string; maxTokens?: number }): Promise<{ text: string; usage: AiUsage }>;
  /** A conversation in which the model may call tools (a few rounds at most), its final text out. */
  converse(input: ConverseInput): Promise<ConverseResult>;
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

/**
 * 01-core §8 'AI chat HTTP mapping', word for word, applied to a provider failure: the chat
 * contract's messages (one wording for the server and the web).
 */
const { configuration, authentication, capacity, unavailable, notConfigured, invalidFormat, empty, network, cancelled } = CHAT_MESSAGES;
export const AI_ERROR_MESSAGES = { configuration, authentication, capacity, unavailable, notConfigured, invalidFormat, empty, network, cancelled } as const;

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

/**
 * POSTs JSON to the provider. With `onEvent`, a `text/event-stream` answer is read event by
 * event (each `data:` line parsed as JSON) and null returned; a JSON answer (a server that does
 * not stream) is returned as is.
 */
async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
  onEvent?: (event: Record<string, unknown>) => void,
): Promise<unknown> {
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
    throw abortOr(error, timeout, signal, 'network');
  }
  if (res.ok && onEvent && res.headers.get('content-type')?.includes('text/event-stream')) {
    try {
      await readEvents(res, onEvent);
    } catch (error) {
      if (error instanceof AiProviderError) throw error;
      throw abortOr(error, timeout, signal, 'format');
    }
    return null;
  }
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw abortOr(error, timeout, signal, 'network');
  }
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

function abortOr(error: unknown, timeout: AbortSignal, signal: AbortSignal | undefined, kind: 'network' | 'format'): AiProviderError {
  if (timeout.aborted) return new AiProviderError('timeout', 'AI provider timed out');
  if (signal?.aborted) return new AiProviderError('cancelled', 'AI request cancelled');
  return kind === 'network'
    ? new AiProviderError('network', `AI provider unreachable: ${error instanceof Error ? error.message : String(error)}`)
    : new AiProviderError('format', 'Invalid response format from AI service');
}

/** Server-Sent Events of a streamed answer: every `data:` payload but `[DONE]`, parsed. */
async function readEvents(res: Response, onEvent: (event: Record<string, unknown>) => void): Promise<void> {
  if (!res.body) throw new AiProviderError('format', 'Invalid response format from AI service');
  const decoder = new TextDecoder();
  let buffer = '';
  const handle = (block: string) => {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data || data === '[DONE]') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      throw new AiProviderError('format', 'Invalid response format from AI service');
    }
    if (!parsed || typeof parsed !== 'object') throw new AiProviderError('format', 'Invalid response format from AI service');
    const detail = errorDetail(parsed);
    if (detail) throw new AiProviderError('body', `AI service error: ${detail}`, 200, detail);
    onEvent(parsed as Record<string, unknown>);
  };
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.search(/\r?\n\r?\n/);
    while (end >= 0) {
      handle(buffer.slice(0, end));
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      end = buffer.search(/\r?\n\r?\n/);
    }
  }
  if (buffer.trim()) handle(buffer);
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

/** Builds an Anthropic Messages response from its stream events, passing text on as it comes. */
function anthropicStream(onText: (delta: string) => void) {
  const blocks: (AnthropicBlock & { json?: string })[] = [];
  const usage = { input_tokens: 0, output_tokens: 0 };
  return {
    onEvent: (event: Record<string, unknown>) => {
      const index = typeof event.index === 'number' ? event.index : 0;
      switch (event.type) {
        case 'message_start': {
          const u = (event.message as { usage?: { input_tokens?: number } } | undefined)?.usage;
          usage.input_tokens += u?.input_tokens ?? 0;
          break;
        }
        case 'content_block_start':
          blocks[index] = { ...(event.content_block as AnthropicBlock), json: '' };
          break;
        case 'content_block_delta': {
          const delta = event.delta as { type?: string; text?: string; partial_json?: string } | undefined;
          const block = blocks[index];
          if (!block || !delta) break;
          if (delta.type === 'text_delta' && delta.text) {
            block.text = (block.text ?? '') + delta.text;
            onText(delta.text);
          } else if (delta.type === 'input_json_delta') block.json = (block.json ?? '') + (delta.partial_json ?? '');
          break;
        }
        case 'message_delta':
          usage.output_tokens += (event.usage as { output_tokens?: number } | undefined)?.output_tokens ?? 0;
          break;
        default:
          break;
      }
    },
    result: (): AnthropicResponse => {
      const content = blocks.filter(Boolean).map(({ json, ...block }) => (block.type === 'tool_use' ? { ...block, input: parseArgs(json ?? '') } : block));
      return { content, usage };
    },
  };
}

/** Builds an OpenAI chat completion from its streamed chunks, passing text on as it comes. */
function openAiStream(onText: (delta: string) => void) {
  let content = '';
  const calls = new Map<number, { id: string; type: string; function: { name: string; arguments: string } }>();
  let usage: OpenAiResponse['usage'] = undefined;
  return {
    onEvent: (event: Record<string, unknown>) => {
      const choice = (event.choices as { delta?: { content?: string | null; tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[] } }[] | undefined)?.[0];
      const delta = choice?.delta;
      if (delta?.content) {
        content += delta.content;
        onText(delta.content);
      }
      for (const tc of delta?.tool_calls ?? []) {
        const entry = calls.get(tc.index ?? 0) ?? { id: '', type: 'function', function: { name: '', arguments: '' } };
        if (tc.id) entry.id = tc.id;
        entry.function.name += tc.function?.name ?? '';
        entry.function.arguments += tc.function?.arguments ?? '';
        calls.set(tc.index ?? 0, entry);
      }
      const reported = event.usage as OpenAiResponse['usage'] | null | undefined;
      if (reported) usage = reported;
    },
    result: (): OpenAiResponse => {
      const toolCalls = [...calls.values()];
      return { choices: [{ message: { role: 'assistant', content: content || null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) } }], usage };
    },
  };
}

function createAnthropic(config: Extract<AiConfig, { provider: 'anthropic' }>, fetchImpl: typeof fetch): AiProvider {
  const url = new URL('/v1/messages', config.baseUrl).toString();
  const headers = { 'x-api-key': config.apiKey, 'anthropic-version': '2023-06-01' };
  const call = async (body: Record<string, unknown>, signal?: AbortSignal, onText?: (delta: string) => void) => {
    const streamed = onText ? anthropicStream(onText) : null;
    const res = ((await postJson(url, headers, { model: config.model, ...body, ...(onText ? { stream: true } : {}) }, fetchImpl, signal, streamed?.onEvent)) ??
      streamed?.result()) as AnthropicResponse;
    if (!Array.isArray(res.content)) throw new AiProviderError('format', 'Invalid response format from AI service');
    return res;
  };
  const ask: AiProvider['ask'] = async ({ system, prompt, maxTokens = 1000 }) => {
    const body = await call({ max_tokens: maxTokens, system, messages: [{ role: 'user', content: prompt }] });
    const text = textOf(body.content?.find((part) => part.type === 'text')?.text);
    return { text, usage: { inputTokens: body.usage?.input_tokens ?? 0, outputTokens: body.usage?.output_tokens ?? 0 } };
  };
  return {
    name: `Anthropic ${config.model}`,
    model: config.model,
    complete: async (input) => (await ask(input)).text,
    ask,
    async converse({ system, messages, tools, maxTokens = 1000, signal, onText, onDiscard }) {
      const convo: { role: string; content: unknown }[] = messages.map((m) => ({ role: m.role, content: m.content }));
      const usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
      const toolCalls: ConverseResult['toolCalls'] = [];
      const toolSpecs = tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const res = await call({ max_tokens: maxTokens, system, messages: convo, tools: toolSpecs }, signal, onText);
        usage.inputTokens += res.usage?.input_tokens ?? 0;
        usage.outputTokens += res.usage?.output_tokens ?? 0;
        const uses = (res.content ?? []).filter((b) => b.type === 'tool_use' && b.name && b.id);
        if (!uses.length || round === MAX_TOOL_ROUNDS) {
          const text = (res.content ?? []).filter((b) => b.type === 'text').map((b) => b.text ?? '').join('');
          return { text: textOf(text), toolCalls, usage };
        }
        onDiscard?.();
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
  const call = async (body: Record<string, unknown>, signal?: AbortSignal, onText?: (delta: string) => void) => {
    const streamed = onText ? openAiStream(onText) : null;
    const extra = onText ? { stream: true, stream_options: { include_usage: true } } : {};
    const res = ((await postJson(url, headers, { model: config.model, ...body, ...extra }, fetchImpl, signal, streamed?.onEvent)) ?? streamed?.result()) as OpenAiResponse;
    if (!Array.isArray(res.choices)) throw new AiProviderError('format', 'Invalid response format from AI service');
    return res;
  };
  const ask: AiProvider['ask'] = async ({ system, prompt, maxTokens = 1000 }) => {
    const body = await call({ max_tokens: maxTokens, messages: [{ role: 'system', content: system }, { role: 'user', content: prompt }] });
    const text = textOf(body.choices?.[0]?.message?.content);
    return { text, usage: { inputTokens: body.usage?.prompt_tokens ?? 0, outputTokens: body.usage?.completion_tokens ?? 0 } };
  };
  return {
    name: `${config.model} (OpenAI-compatible)`,
    model: config.model,
    complete: async (input) => (await ask(input)).text,
    ask,
    async converse({ system, messages, tools, maxTokens = 1000, signal, onText, onDiscard }) {
      const convo: OpenAiMessage[] = [{ role: 'system', content: system }, ...messages];
      const usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
      const toolCalls: ConverseResult['toolCalls'] = [];
      const toolSpecs = tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const res = await call({ max_tokens: maxTokens, messages: convo, tools: toolSpecs }, signal, onText);
        usage.inputTokens += res.usage?.prompt_tokens ?? 0;
        usage.outputTokens += res.usage?.completion_tokens ?? 0;
        const message = res.choices?.[0]?.message;
        if (!message) throw new AiProviderError('empty', 'Empty response from AI service');
        const calls = message.tool_calls ?? [];
        if (!calls.length || round === MAX_TOOL_ROUNDS) return { text: textOf(message.content), toolCalls, usage };
        onDiscard?.();
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
