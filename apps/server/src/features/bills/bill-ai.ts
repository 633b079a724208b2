import { type AiCheck, buildAiPrompt } from '@wattwise/extractor/extract';
import { listedModelCost } from '@wattwise/shared/processing';
import type { AiProvider } from '../../platform/ai.ts';

/** What the model is told: read, never guess (its answers are taken only when printed on the bill). */
const SYSTEM = 'You read utility bills. Answer with one JSON object and nothing else. Copy each value as the bill prints it; use null for anything the bill does not print. Never guess or compute a value.';
const MAX_ANSWER_TOKENS = 600;

/**
 * The bill reader's AI check (extractor ai-check.ts) through the configured provider: Anthropic's
 * Messages API or an OpenAI-compatible Chat Completions endpoint (platform/ai.ts). The cost is
 * the tokens the provider reported at the model's listed price (0 for a local model).
 */
export function billAiCheck(provider: AiProvider): AiCheck {
  return async (req) => {
    const { text, usage } = await provider.ask({ system: SYSTEM, prompt: buildAiPrompt(req), maxTokens: MAX_ANSWER_TOKENS });
    return {
      json: text,
      model: provider.model,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cost: listedModelCost(provider.model, usage.inputTokens, usage.outputTokens),
    };
  };
}
