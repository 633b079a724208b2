import {
  APPLICATION_MESSAGES,
  type CreateApplicationInput,
  type EligibilityResult,
  type Explanation,
  type Household,
  type ImportResult,
  type Rebate,
  type RebateApplication,
  type RebateLocation,
  type RecommendationsResult,
  type SmartHomeInsights,
  type UpdateApplicationInput,
  createApplicationSchema,
  rebateSchema,
  updateApplicationSchema,
} from '@wattwise/shared/contract/rebates';
import { isoDay } from '@wattwise/shared/rebates/filters';
import { combinedSavings, coversState, rankRebates } from '@wattwise/shared/rebates/ranking';
import { usageProfileFromBills } from '@wattwise/shared/rebates/usage';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { listReadBills } from '../bills/bills.service.ts';
import { catalogueToCsv, parseCatalogueCsv, readShippedCatalogue } from './catalogue.ts';
import { DEFAULT_LOCATION, locationOfAddress, stateOfUtility } from './location.ts';
import { checkEligibility, explainRebate, OFFLINE_ENGINE, smartHomeInsights } from './offline-engine.ts';
import * as q from './rebates.queries.ts';

/** Offline place lookups of the shipped ZIP and EIA-861 utility data, for other features (the assistant's Update Location, the calculators and regional tools). */
export { locationOfAddress, locationOfZip, stateOfUtility, suggestZips } from './location.ts';

export const REBATE_MESSAGES = {
  notFound: 'Rebate not found',
  signInRequired: 'User not authenticated',
  importRejected: 'The catalogue was not imported: fix the lines listed and try again.',
  noRebates: 'No rebates available for your location.',
} as const;

/** What callers pass for "today" (tests fix it; routes use the server's UTC day). */
export const today = () => isoDay(new Date());

const seeded = new WeakMap<Db, Promise<void>>();

/** Seeds the catalogue from the shipped data the first time it is read while empty. */
export function ensureCatalogue(db: Db): Promise<void> {
  let done = seeded.get(db);
  if (!done) {
    done = (async () => {
      if ((await q.countCatalogue(db)) === 0) await q.insertMissingRebates(db, readShippedCatalogue());
    })();
    done.catch(() => seeded.delete(db));
    seeded.set(db, done);
  }
  return done;
}

export function toRebate(row: q.RebateRow): Rebate {
  return rebateSchema.parse({ ...row, origin: 'catalogue' });
}

/** Programmes open today: expired ones never reach an offer. */
export async function listOpenRebates(db: Db, day = today()): Promise<Rebate[]> {
  await ensureCatalogue(db);
  return (await q.findOpenRebates(db, day)).map(toRebate);
}

async function requireOpenRebate(db: Db, id: string, day: string): Promise<Rebate> {
  await ensureCatalogue(db);
  const row = await q.findRebate(db, id);
  if (!row || (row.expirationDate !== null && row.expirationDate < day)) throw new AppError('NOT_FOUND', 404, REBATE_MESSAGES.notFound);
  return toRebate(row);
}

/**
 * The bills of one home: the property of the newest bill (else that bill's account), so the
 * savings of a rebate use that home's own usage, never kWh summed across homes or states.
 */
function homeBills<T extends { propertyId?: string | null; accountKey?: string | null; id: string }>(bills: T[]): T[] {
  const newest = bills[0];
  if (!newest) return [];
  if (newest.propertyId) return bills.filter((b) => b.propertyId === newest.propertyId);
  if (newest.accountKey) return bills.filter((b) => !b.propertyId && b.accountKey === newest.accountKey);
  return [newest];
}

type Situation = { location: RebateLocation; usage: RecommendationsResult['usage'] };

/**
 * Where the household is and what it uses, from its own bills: the location asked for (the
 * browser's), else the newest bill's service address, else the state of its utility, else
 * Atlanta, GA.
 */
async function situationOf(db: Db, userId: string, asked: RebateLocation | null): Promise<Situation> {
  const bills = homeBills(await listReadBills(db, userId));
  let location = asked;
  for (const bill of bills) {
    if (location) break;
    location = bill.serviceAddress ? locationOfAddress(bill.serviceAddress) : null;
  }
  for (const bill of bills) {
    if (location) break;
    const state = stateOfUtility(bill.utilityProvider) ?? (bill.providerBrand ? stateOfUtility(bill.providerBrand) : null);
    if (state) location = { city: null, state, zip: null, source: 'utility' };
  }
  location ??= DEFAULT_LOCATION;
  return { location, usage: usageProfileFromBills(bills, location.state) };
}

/** What the picks are ranked from: the open catalogue and the household's situation (read in the user's scope). */
export async function loadPicksInput(db: Db, userId: string, location: RebateLocation | null, day = today()) {
  const [rebates, situation] = await Promise.all([listOpenRebates(db, day), situationOf(db, userId, location)]);
  return { rebates, situation };
}

/**
 * The top six picks for the signed-in household (01-core §9 'AI picks', computed for real),
 * from our catalogue plus any programmes an external source adds for its state.
 */
export function rankPicks(input: { rebates: Rebate[]; situation: Situation }, household: Household = {}, day = today()): RecommendationsResult {
  const { rebates, situation } = input;
  const recommendations = rankRebates({
    rebates,
    context: { state: situation.location.state, utilities: situation.usage.utilities, household: { propertyType: 'residential', ...household } },
    usage: situation.usage,
    today: day,
  });
  return { ...situation, recommendations, combinedSavings: combinedSavings(recommendations), engine: OFFLINE_ENGINE };
}

/** The offline engine's answer, with what an AI provider needs to phrase it (rebate, usage). */
export async function checkRebateEligibility(db: Db, userId: string, id: string, input: { scenario: string; household: Household }, day = today()) {
  const rebate = await requireOpenRebate(db, id, day);
  const { location, usage } = await situationOf(db, userId, null);
  const result: EligibilityResult = checkEligibility(rebate, { state: location.state, utilities: usage.utilities, household: input.household }, input.scenario);
  return { rebate, usage, result };
}

export async function explainOpenRebate(db: Db, userId: string, id: string, day = today()) {
  const rebate = await requireOpenRebate(db, id, day);
  const { usage } = await situationOf(db, userId, null);
  const result: Explanation = explainRebate(rebate, usage);
  return { rebate, usage, result };
}

export async function getSmartHomeInsights(db: Db, userId: string, description: string, day = today()) {
  const [all, situation] = await Promise.all([listOpenRebates(db, day), situationOf(db, userId, null)]);
  const rebates = all.filter((r) => coversState(r.regions, situation.location.state));
  const result: SmartHomeInsights = smartHomeInsights(description, rebates, situation.usage);
  return { rebates, usage: situation.usage, result };
}

/** Replaces or adds programmes from a CSV; a file with any bad line changes nothing (422 with every line and reason). */
export async function importCatalogue(db: Db, csv: string): Promise<ImportResult> {
  await ensureCatalogue(db);
  const parsed = parseCatalogueCsv(csv);
  if (!parsed.ok) throw new AppError('IMPORT_REJECTED', 422, REBATE_MESSAGES.importRejected, parsed.errors);
  const inserted = await db.transaction((tx) => q.upsertRebates(tx, parsed.rebates));
  return { inserted, updated: parsed.rebates.length - inserted, total: await q.countCatalogue(db) };
}

/** The whole catalogue, expired history included, as CSV. */
export async function exportCatalogue(db: Db): Promise<string> {
  await ensureCatalogue(db);
  return catalogueToCsv((await q.findAllRebates(db)).map(toRebate));
}

// Applications tracker (02-tools §2.22): every read and change is the owner's only; another
// user's id answers 404 like a missing one.

function toApplication(row: q.ApplicationRow): RebateApplication {
  return {
    id: row.id,
    rebateId: row.rebateId,
    programName: row.programName,
    submissionDate: row.submissionDate,
    currentStatus: row.currentStatus,
    estimatedPaymentDate: row.estimatedPaymentDate,
    actualPaymentDate: row.actualPaymentDate,
    notes: row.notes,
    externalLink: row.externalLink,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listApplications(db: Db, userId: string): Promise<RebateApplication[]> {
  return (await q.findApplications(db, userId)).map(toApplication);
}

export async function createApplication(db: Db, userId: string, input: CreateApplicationInput): Promise<RebateApplication> {
  const v = createApplicationSchema.parse(input);
  const row = await q.insertApplication(db, userId, {
    rebateId: v.rebateId,
    programName: v.programName,
    submissionDate: v.submissionDate ?? today(),
    currentStatus: v.currentStatus,
    estimatedPaymentDate: v.estimatedPaymentDate ?? null,
    actualPaymentDate: v.actualPaymentDate ?? null,
    notes: v.notes ?? null,
    externalLink: v.externalLink ?? null,
  });
  return toApplication(row);
}

export async function updateApplication(db: Db, userId: string, id: string, input: UpdateApplicationInput): Promise<RebateApplication> {
  const v = updateApplicationSchema.parse(input);
  const row = await q.updateApplicationRow(db, userId, id, Object.fromEntries(Object.entries(v).filter(([, value]) => value !== undefined)));
  if (!row) throw new AppError('NOT_FOUND', 404, APPLICATION_MESSAGES.notFound);
  return toApplication(row);
}

export async function deleteApplication(db: Db, userId: string, id: string): Promise<void> {
  if (!(await q.deleteApplicationRow(db, userId, id))) throw new AppError('NOT_FOUND', 404, APPLICATION_MESSAGES.notFound);
}

/** Open applications (Submitted, Pending More Info) of every user whose programme closes between two days (jobs only). */
export async function listApplicationsClosingBetween(db: Db, from: string, to: string) {
  return q.findApplicationsClosingBetween(db, from, to);
}
