import { type AutomationRule, ruleActionSchema, type ruleInputSchema, SMART_HOME_MESSAGES as M, triggerSchema } from '@wattwise/shared/contract/smart-home';
import { evaluateRule, type RuleState } from '@wattwise/shared/smart-home/rules';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { RequestUser } from '../../http/types.ts';
import * as q from './smart-home.queries.ts';
import { runCommand, type SmartHomeDeps } from './smart-home.service.ts';

type RuleInput = z.output<typeof ruleInputSchema>;

export function toRule(row: q.RuleRow): AutomationRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    trigger: triggerSchema.parse(row.trigger),
    action: ruleActionSchema.parse(row.action),
    timeZone: row.timeZone,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastResult: row.lastResult,
    lastOk: row.lastOk,
    createdAt: row.createdAt.toISOString(),
  };
}

function validTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw new AppError('VALIDATION_FAILED', 422, 'Unknown time zone', { timeZone: zone });
  }
}

async function requireOwnDevice(db: Parameters<typeof q.findDevice>[0], userId: string, id: string | undefined) {
  if (id && !(await q.findDevice(db, userId, id))) throw new AppError('NOT_FOUND', 404, M.deviceNotFound);
}

export async function listRules(user: RequestUser): Promise<AutomationRule[]> {
  return (await user.inScope((db, userId) => q.listRules(db, userId))).map(toRule);
}

export async function createRule(deps: SmartHomeDeps, user: RequestUser, input: RuleInput): Promise<AutomationRule> {
  return user.inScope(async (db, userId) => {
    await requireOwnDevice(db, userId, input.action.deviceId);
    if (input.trigger.type === 'sensor') await requireOwnDevice(db, userId, input.trigger.deviceId);
    const row = await q.insertRule(db, userId, {
      name: input.name,
      enabled: input.enabled,
      trigger: input.trigger,
      action: input.action,
      timeZone: validTimeZone(input.timeZone),
      armedAt: deps.clock.now(),
    });
    return toRule(row);
  });
}

/** Edits a rule; a changed trigger re-arms it (a time trigger waits for its next occurrence). */
export async function updateRule(deps: SmartHomeDeps, user: RequestUser, id: string, input: Partial<RuleInput>): Promise<AutomationRule> {
  return user.inScope(async (db, userId) => {
    const existing = await q.findRule(db, userId, id);
    if (!existing) throw new AppError('NOT_FOUND', 404, M.ruleNotFound);
    if (input.action) await requireOwnDevice(db, userId, input.action.deviceId);
    if (input.trigger?.type === 'sensor') await requireOwnDevice(db, userId, input.trigger.deviceId);
    const rearm = input.trigger !== undefined || input.timeZone !== undefined || (input.enabled === true && !existing.enabled);
    const row = await q.updateRule(db, userId, id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      ...(input.trigger === undefined ? {} : { trigger: input.trigger, conditionMet: false }),
      ...(input.action === undefined ? {} : { action: input.action }),
      ...(input.timeZone === undefined ? {} : { timeZone: validTimeZone(input.timeZone) }),
      ...(rearm ? { armedAt: deps.clock.now() } : {}),
    });
    if (!row) throw new AppError('NOT_FOUND', 404, M.ruleNotFound);
    return toRule(row);
  });
}

export async function deleteRule(user: RequestUser, id: string): Promise<void> {
  if (!(await user.inScope((db, userId) => q.deleteRule(db, userId, id)))) throw new AppError('NOT_FOUND', 404, M.ruleNotFound);
}

/**
 * The automation job: evaluates every enabled rule at the clock's time, runs the action of
 * those that fire and records the run (time and result) on the rule. Returns how many fired.
 */
export async function runAutomationTick(deps: SmartHomeDeps): Promise<number> {
  const now = deps.clock.now();
  let fired = 0;
  for (const row of await q.listEnabledRules(deps.db)) {
    const rule = toRule(row);
    const sensorId = rule.trigger.type === 'sensor' ? (rule.trigger.deviceId ?? rule.action.deviceId) : null;
    const sensor = sensorId ? await q.findDevice(deps.db, row.userId, sensorId) : undefined;
    const state: RuleState = {
      trigger: rule.trigger,
      timeZone: rule.timeZone,
      enabled: rule.enabled,
      armedAt: row.armedAt,
      lastRunAt: row.lastRunAt,
      conditionWasMet: row.conditionMet,
    };
    const { fire, conditionMet } = evaluateRule(state, now, sensor ? sensor.lastReading : null);
    if (!fire) {
      if (conditionMet !== row.conditionMet) await q.updateRule(deps.db, row.userId, row.id, { conditionMet });
      continue;
    }
    fired += 1;
    let result: string;
    let ok: boolean;
    try {
      const outcome = await runCommand(deps, deps.db, row.userId, rule.action.deviceId, rule.action.command, rule.action.value ?? null);
      result = `${outcome.message}: ${outcome.previous_value} → ${outcome.new_value}`;
      ok = true;
    } catch (error) {
      const reason = error instanceof AppError && typeof (error.details as { reason?: unknown } | undefined)?.reason === 'string' ? `: ${(error.details as { reason: string }).reason}` : '';
      result = `${error instanceof AppError ? error.message : M.unknownError}${reason}`;
      ok = false;
    }
    await q.updateRule(deps.db, row.userId, row.id, { lastRunAt: now, lastResult: result, lastOk: ok, conditionMet });
  }
  return fired;
}
