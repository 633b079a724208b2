import { type AiMemory, type AiMemoryUpdate, type MilestoneCheck, newMilestones, normaliseMemory } from '@wattwise/shared/contract/assistant-memory';
import { CHAT_MESSAGES, type ChatMessage, type ChatRequest, type Citation, validChatMessages } from '@wattwise/shared/contract/assistant';
import { listedModelCost } from '@wattwise/shared/processing';
import { estimateState } from '@wattwise/shared/calculators/regional';
import type { Db } from '../../db/client.ts';
import { AppError, RateLimitedError } from '../../http/errors.ts';
import type { AiProvider } from '../../platform/ai.ts';
import { detectBillAnomalies, listRecommendationCards } from '../analysis/analysis.service.ts';
import { listReadBills } from '../bills/bills.service.ts';
import { changePreferenceKey, readPreferenceKey } from '../notifications/notifications.service.ts';
import { recordProcessingRun } from '../processing/processing.service.ts';
import { listAccountForecastsOf } from '../ml-analytics/ml-analytics.service.ts';
import { listApplications, loadPicksInput, rankPicks } from '../rebates/rebates.service.ts';
import type { BillFact } from './bill-facts.ts';
import { type Intent, detectIntent, needsUserData } from './intents.ts';
import * as q from './assistant.queries.ts';
import { type Answer, type AssistantData, answerQuestion, answerVisitor, OFFLINE_ENGINE } from './offline-engine.ts';

export { OFFLINE_ENGINE };

/** Questions a signed-in user may ask per window (the per-user rate limit; 429 with Retry-After past it). */
export const CHAT_RATE_LIMIT = { windowMs: 60_000, maxQuestions: 10 } as const;
/** How much of the stored conversation is returned and given to a model. */
export const CONVERSATION_LIMIT = 100;
const MODEL_HISTORY = 12;

/** 01-core §5: trimmed, empties dropped; none left (or the last not the user's) is a 422. */
export function requireValidMessages(messages: ChatRequest['messages']): ChatRequest['messages'] {
  const valid = validChatMessages(messages);
  if (!valid.length || valid[valid.length - 1]?.role !== 'user') throw new AppError('VALIDATION_FAILED', 422, CHAT_MESSAGES.noValidMessages);
  return valid;
}

/** The per-user limit, counted from the stored questions (so every server process agrees). */
export async function checkChatRateLimit(db: Db, userId: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - CHAT_RATE_LIMIT.windowMs);
  const { count, oldest } = await q.countQuestionsSince(db, userId, since);
  if (count < CHAT_RATE_LIMIT.maxQuestions) return;
  const retryAfter = Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + CHAT_RATE_LIMIT.windowMs - now.getTime()) / 1000));
  throw new RateLimitedError(CHAT_MESSAGES.tooManyRequests, retryAfter);
}

function toFact(bill: Awaited<ReturnType<typeof listReadBills>>[number]): BillFact {
  return {
    id: bill.id,
    billType: bill.billType,
    provider: bill.utilityProvider,
    providerBrand: bill.providerBrand,
    totalAmount: bill.totalAmount,
    usageAmount: bill.usageAmount,
    usageUnit: bill.usageUnit,
    periodStart: bill.servicePeriodStart,
    periodEnd: bill.servicePeriodEnd,
    dueDate: bill.dueDate,
    accountKey: bill.accountKey ?? null,
    amountSure: bill.amountSure,
    stateCode: bill.stateCode ?? null,
  };
}

/** The user's read bills as the assistant sees them, newest period first. */
export async function loadBillFacts(db: Db, userId: string): Promise<BillFact[]> {
  return (await listReadBills(db, userId)).map(toFact);
}

export async function loadAnomalies(db: Db, userId: string, bills: BillFact[]): Promise<AssistantData['anomalies']> {
  const found = [];
  for (const bill of bills.slice(0, 3)) {
    const result = await detectBillAnomalies(db, userId, bill.id);
    found.push(...result.anomalies.map((a) => ({ billId: bill.id, title: a.title, explanation: a.explanation })));
  }
  return found;
}

export async function loadRecommendations(db: Db, userId: string): Promise<AssistantData['recommendations']> {
  return (await listRecommendationCards(db, userId, {})).map((r) => ({ billId: r.billId, title: r.title, savings: r.savings, savingsPeriod: r.savingsPeriod }));
}

/** Matching rebates through the rebates feature's own ranking (its top picks for this household). */
export async function loadRebates(db: Db, userId: string): Promise<NonNullable<AssistantData['rebates']>> {
  const picks = rankPicks(await loadPicksInput(db, userId, null));
  return picks.recommendations.map((r) => ({ programName: r.rebate.programName, provider: r.rebate.provider, amount: r.rebate.monetaryValue, href: '/rebates' }));
}

/** The typical residential electricity bill of the state of the user's newest electricity bill (EIA), when known. */
function regionalAverageOf(bills: BillFact[]): AssistantData['regionalAverage'] {
  const state = bills.find((b) => b.billType === 'electricity' && b.stateCode)?.stateCode ?? bills.find((b) => b.stateCode)?.stateCode ?? null;
  const estimate = state ? estimateState(state) : null;
  return estimate ? { stateName: estimate.name, monthlyBill: estimate.monthlyBillCents / 100, monthlyKwh: estimate.monthlyKwh, usdPerKwh: estimate.usdPerKwh } : null;
}

/** Only what the intent needs is read (in the caller's user scope). */
async function loadData(db: Db, userId: string, intent: Intent): Promise<AssistantData> {
  const bills = await loadBillFacts(db, userId);
  const data: AssistantData = { bills };
  if (intent.kind === 'anomalies') data.anomalies = await loadAnomalies(db, userId, bills);
  if (intent.kind === 'recommendations') data.recommendations = await loadRecommendations(db, userId);
  if (intent.kind === 'rebates') data.rebates = await loadRebates(db, userId);
  if (intent.kind === 'forecast') data.forecasts = await listAccountForecastsOf(db, userId);
  if (intent.kind === 'neighbour') data.regionalAverage = regionalAverageOf(bills);
  return data;
}

export type Reply = Answer & { engine: string; flagged: boolean; unverifiedNumbers: string[] };

/** The offline engine's reply for a signed-in user (data read in `db`, the user's scope). */
export async function answerOffline(db: Db, userId: string, question: string): Promise<Reply> {
  const intent = detectIntent(question);
  const data = needsUserData(intent) ? await loadData(db, userId, intent) : { bills: [] };
  return { ...answerQuestion(intent, question, data), engine: OFFLINE_ENGINE, flagged: false, unverifiedNumbers: [] };
}

/** A visitor's reply: general guidance and a prompt to sign in; nothing is read or stored. */
export function answerForVisitor(question: string): Reply {
  return { ...answerVisitor(detectIntent(question), question), engine: OFFLINE_ENGINE, flagged: false, unverifiedNumbers: [] };
}

export function toChatMessage(row: q.ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    citations: (row.citations as Citation[]) ?? [],
    engine: row.engine,
    flagged: row.flagged,
    unverifiedNumbers: (row.unverifiedNumbers as string[]) ?? [],
    signInPrompt: false,
  };
}

export async function saveQuestion(db: Db, userId: string, content: string): Promise<void> {
  await q.insertChatMessages(db, [{ userId, role: 'user', content }]);
}

export async function saveReply(db: Db, userId: string, reply: Reply): Promise<ChatMessage> {
  const [row] = await q.insertChatMessages(db, [
    { userId, role: 'assistant', content: reply.text, citations: reply.citations, engine: reply.engine, flagged: reply.flagged, unverifiedNumbers: reply.unverifiedNumbers },
  ]);
  if (!row) throw new Error('reply not stored');
  return toChatMessage(row);
}

export async function getConversation(db: Db, userId: string): Promise<ChatMessage[]> {
  return (await q.findConversation(db, userId, CONVERSATION_LIMIT)).map(toChatMessage);
}

export async function clearConversation(db: Db, userId: string): Promise<void> {
  await q.deleteConversation(db, userId);
}

/** The model's token use as a processing-cost record (01-core §9 model prices; 0 for a model without a listed price). */
export async function recordChatCost(db: Db, userId: string, ai: AiProvider, usage: { inputTokens: number; outputTokens: number }, timeMs: number): Promise<void> {
  const aiCost = listedModelCost(ai.model, usage.inputTokens, usage.outputTokens);
  await recordProcessingRun(db, {
    userId,
    billId: null,
    documentType: 'assistant_chat',
    textractApi: null,
    claudeModel: ai.model,
    extractionCost: 0,
    aiCost,
    tokensUsed: usage.inputTokens + usage.outputTokens,
    processingTimeMs: Math.round(timeMs),
  });
}

// ---- the floating assistant's memory and milestones (02-tools §3 'Assistant memory', §4 'Milestones') ----

/** The key of the user's preferences that holds the assistant's memory. */
const MEMORY_KEY = 'aiMemory';

export async function getAiMemory(db: Db, userId: string): Promise<AiMemory> {
  return normaliseMemory(await readPreferenceKey(db, userId, MEMORY_KEY));
}

/** Merges what the bubble remembered; the milestones and the savings behind them are not the client's to write. */
export async function updateAiMemory(db: Db, userId: string, update: AiMemoryUpdate): Promise<AiMemory> {
  return changePreferenceKey(db, userId, MEMORY_KEY, (stored) => {
    const current = normaliseMemory(stored);
    return { ...current, ...update, milestonesAchieved: current.milestonesAchieved, totalSavings: current.totalSavings };
  });
}

/**
 * Records the milestones newly reached with `totalSavings` (the user's real savings figure, from
 * the caller) and the applications in the user's tracker. Each is recorded as it is returned, so
 * it is celebrated once, whichever tab or device asks first.
 */
export async function recordMilestones(db: Db, userId: string, totalSavings: number): Promise<MilestoneCheck> {
  const applications = (await listApplications(db, userId)).length;
  let reached: MilestoneCheck['reached'] = [];
  const memory = await changePreferenceKey(db, userId, MEMORY_KEY, (stored) => {
    const current = normaliseMemory(stored);
    reached = newMilestones({ totalSavings, applications }, current.milestonesAchieved);
    return { ...current, totalSavings, milestonesAchieved: [...current.milestonesAchieved, ...reached] };
  });
  return { reached, totalSavings, applications, memory };
}

export { MODEL_HISTORY };
