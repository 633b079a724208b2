/**
 * The AI provider interface (ARCHITECTURE.md 'AI'): Anthropic when ANTHROPIC_API_KEY is set,
 * else any OpenAI-compatible endpoint at OPENAI_BASE_URL (a local Ollama or vLLM), with the
 * model named by AI_MODEL. Without either, features answer with their offline engines.
 */
export type AiConfig =
  | { provider: 'anthropic'; apiKey: string; model: string; baseUrl: string }
  | { provider: 'openai'; baseUrl: string; apiKey: string | null; model: string };

export interface AiProvider {
  /** Shown to users beside every answer ('Answered by: …'). */
  readonly name: string;
  /** One system prompt and one user message in, the model's text out; throws on any failure. */
  complete(input: { system: string; prompt: string; maxTokens?: number }): Promise<string>;
}

const TIMEOUT_MS = 30_000;

async function postJson(url: string, headers: Record<string, string>, body: unknown, fetchImpl: typeof fetch): Promise<unknown> {
  const res = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`AI provider answered ${res.status}`);
  return res.json();
}

function textOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw new Error('Empty response from AI service');
  return value.trim();
}

export function createAiProvider(config: AiConfig | null, fetchImpl: typeof fetch = fetch): AiProvider | null {
  if (!config) return null;
  if (config.provider === 'anthropic') {
    return {
      name: `Anthropic ${config.model}`,
      async complete({ system, prompt, maxTokens = 1000 }) {
        const body = (await postJson(
          new URL('/v1/messages', config.baseUrl).toString(),
          { 'x-api-key': config.apiKey, 'anthropic-version': '2023-06-01' },
          { model: config.model, max_tokens: maxTokens, system, messages: [{ role: 'user', content: prompt }] },
          fetchImpl,
        )) as { content?: { type?: string; text?: string }[] };
        return textOf(body.content?.find((part) => part.type === 'text')?.text);
      },
    };
  }
  return {
    name: `${config.model} (OpenAI-compatible)`,
    async complete({ system, prompt, maxTokens = 1000 }) {
      const body = (await postJson(
        `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`,
        config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        { model: config.model, max_tokens: maxTokens, messages: [{ role: 'system', content: system }, { role: 'user', content: prompt }] },
        fetchImpl,
      )) as { choices?: { message?: { content?: string } }[] };
      return textOf(body.choices?.[0]?.message?.content);
    },
  };
}

/** The first JSON object in a model's answer (models sometimes wrap it in prose or a code fence). */
export function jsonIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('Invalid response format from AI service');
  return JSON.parse(text.slice(start, end + 1));
}
