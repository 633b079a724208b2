import {
  type EligibilityResult,
  type Explanation,
  insightsSchema,
  type Rebate,
  type SmartHomeInsights,
  type UsageProfile,
} from '@wattwise/shared/contract/rebates';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { type AiProvider, jsonIn } from '../../platform/ai.ts';

/**
 * The rebate dialogs through an AI provider. The programme's rules still decide eligibility
 * (decision 051); the model explains and suggests, from the programme data and the user's own
 * usage. Any provider failure answers 502 with the dialog's message (01-core §8).
 */
export const AI_MESSAGES = {
  explain: 'Failed to simplify details with AI',
  eligibility: 'Failed to check eligibility with AI',
  insights: 'Failed to get smart home insights with AI',
} as const;

const SYSTEM = 'You are Wattwise, a calm, precise energy-savings adviser. Use only the facts given. Never invent programmes, amounts or dates. Answer in plain English.';

function facts(rebate: Rebate): string {
  return JSON.stringify({
    id: rebate.id,
    program: rebate.programName,
    provider: rebate.provider,
    maxAmountUsd: rebate.monetaryValue,
    expires: rebate.expirationDate,
    regions: rebate.regions,
    rules: rebate.eligibilityCriteria,
    description: rebate.description,
  });
}

const usageFacts = (usage: UsageProfile) =>
  JSON.stringify({ monthlyKwh: usage.monthlyKwh, dollarsPerKwh: usage.electricityRate, annualElectricityCost: usage.annualElectricityCost, annualGasCost: usage.annualGasCost });

async function ask<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new AppError('AI_FAILED', 502, message, { cause: error instanceof Error ? error.message : String(error) });
  }
}

export function explainWithAi(ai: AiProvider, rebate: Rebate, usage: UsageProfile, offline: Explanation): Promise<Explanation> {
  return ask(AI_MESSAGES.explain, async () => {
    const summary = await ai.complete({
      system: SYSTEM,
      prompt: `Explain this rebate programme to a household in at most four short sentences: what it pays, who qualifies, and what to do next. Programme: ${facts(rebate)}. The household's usage from its bills: ${usageFacts(usage)}.`,
      maxTokens: 400,
    });
    return { summary, original: offline.original, engine: ai.name };
  });
}

const phrasedEligibility = z.object({ reasoning: z.string().min(1), nextSteps: z.array(z.string().min(1)).max(8) });

export function eligibilityWithAi(ai: AiProvider, rebate: Rebate, scenario: string, decided: EligibilityResult): Promise<EligibilityResult> {
  return ask(AI_MESSAGES.eligibility, async () => {
    const text = await ai.complete({
      system: SYSTEM,
      prompt: `A household described its situation: """${scenario}""". The programme's rules were checked and the result is "${decided.status}" because: ${decided.reasoning} Still unanswered: ${decided.missing.join(', ') || 'nothing'}. Programme: ${facts(rebate)}. Reply with JSON only: {"reasoning": "two or three sentences explaining this result to the household", "nextSteps": ["short concrete steps"]}. Do not change the result.`,
      maxTokens: 600,
    });
    const phrased = phrasedEligibility.parse(jsonIn(text));
    return { ...decided, reasoning: phrased.reasoning, nextSteps: phrased.nextSteps, engine: ai.name };
  });
}

export function insightsWithAi(ai: AiProvider, description: string, rebates: readonly Rebate[], usage: UsageProfile): Promise<SmartHomeInsights> {
  return ask(AI_MESSAGES.insights, async () => {
    const offered = rebates.slice(0, 20).map((r) => ({ id: r.id, program: r.programName, maxAmountUsd: r.monetaryValue, category: r.category }));
    const text = await ai.complete({
      system: SYSTEM,
      prompt: `Devices and usage described by the household: """${description}""". Usage from its bills: ${usageFacts(usage)}. Rebates open where it lives: ${JSON.stringify(offered)}. Reply with JSON only: {"overallAssessment": string, "energySavingTips": [{"tip": string, "estimatedSavings": string, "associatedRebateId": string or null}], "suggestedUpgrades": [{"upgrade": string, "reason": string, "relevantRebateId": string or null}]}. Use only rebate ids from the list.`,
      maxTokens: 1200,
    });
    const parsed = insightsSchema.omit({ engine: true }).parse(jsonIn(text));
    const known = new Set(rebates.map((r) => r.id));
    const only = (id: string | null) => (id && known.has(id) ? id : null);
    return {
      overallAssessment: parsed.overallAssessment,
      energySavingTips: parsed.energySavingTips.map((t) => ({ ...t, associatedRebateId: only(t.associatedRebateId) })),
      suggestedUpgrades: parsed.suggestedUpgrades.map((u) => ({ ...u, relevantRebateId: only(u.relevantRebateId) })),
      engine: ai.name,
    };
  });
}
