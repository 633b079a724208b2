// Seeding for `npm run bench:api`: users with many read bills, written through the server's own
// layers (auth, properties, the bill job's save step, analysis), without reading 500 files.
//
// The bill reader runs for real on the 24 demo bills of the last two years (text PDFs, no OCR);
// every seeded bill is one of those readings, moved to its own site (account number, service
// address) and scaled, so rows carry what a real reading stores: fields with confidences, line
// items, cross-checks, the processing record, an analysis and its recommendations.

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { closeReaders, extractBill } from '@wattwise/extractor/extract';
import type { ExtractionResult } from '@wattwise/extractor/types';
import { type Config, loadSecrets } from '../apps/server/src/config.ts';
import { createDatabase, databaseOptionsFromConfig } from '../apps/server/src/db/client.ts';
import { analyzeUserBill, detectBillAnomalies } from '../apps/server/src/features/analysis/analysis.service.ts';
import { createAuth } from '../apps/server/src/features/auth/auth.service.ts';
import { saveExtraction } from '../apps/server/src/features/bills/bills.jobs.ts';
import { insertBill } from '../apps/server/src/features/bills/bills.queries.ts';
import { generateDemoBills } from '../apps/server/src/features/demo/demo-bills.ts';
import { createVerifiedUser } from '../apps/server/src/features/demo/demo.service.ts';
import { createProperty, listProperties } from '../apps/server/src/features/properties/properties.service.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createLocalStorage } from '../apps/server/src/platform/storage.ts';

export const BENCH_PASSWORD = 'Bench-Load-42!';

export type SeededUser = { email: string; bills: number };

type Reading = { fileName: string; bytes: Uint8Array; result: ExtractionResult; ms: number };

/** The demo bills of the last 24 months, each read once by the real bill reader. */
async function readDemoBills(now: Date): Promise<Reading[]> {
  const yearBefore = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate()));
  const readings: Reading[] = [];
  for (const bill of [...generateDemoBills(yearBefore), ...generateDemoBills(now)]) {
    const started = Date.now();
    const result = await extractBill(bill.bytes);
    readings.push({ fileName: bill.fileName, bytes: bill.bytes, result, ms: Date.now() - started });
  }
  await closeReaders();
  return readings;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One reading as if printed for another site: its account number and address, amounts scaled. */
function forSite(result: ExtractionResult, site: number, factor: number): ExtractionResult {
  const copy = structuredClone(result);
  const f = copy.fields;
  if (site > 0) {
    f.accountNumber.value = `${4471 + site}-0923-${String(5561 + site * 37).padStart(4, '0')}`;
    f.serviceAddress.value = `${100 + site * 7} Commerce Way Unit ${site}, Springfield, IL 62704`;
  }
  const scale = (v: number | null) => (v === null ? null : round2(v * factor));
  f.totalAmount.value = scale(f.totalAmount.value);
  f.currentCharges.value = scale(f.currentCharges.value);
  f.usageAmount.value = f.usageAmount.value === null ? null : Math.round(f.usageAmount.value * factor);
  f.charges = f.charges.map((line) => ({ ...line, amount: round2(line.amount * factor), quantity: line.quantity === undefined ? undefined : Math.round(line.quantity * factor) }));
  return copy;
}

/**
 * Creates each user (verified, with `BENCH_PASSWORD`) and `bills` processed and analysed bills:
 * one site (property and account) per 24 monthly bills. Runs before the server starts (the
 * embedded database belongs to one process at a time).
 */
export async function seedBenchData(config: Config, users: SeededUser[], log: (line: string) => void): Promise<void> {
  const logger = createLogger({ level: 'silent' });
  const secrets = loadSecrets(config);
  const database = await createDatabase(databaseOptionsFromConfig(config));
  try {
    await database.migrate();
    const { db } = database;
    const auth = createAuth({ config, secrets, db, queue: { send: () => Promise.resolve('') }, logger });
    const storage = createLocalStorage(path.join(config.dataDir, 'uploads'));
    const started = Date.now();
    const readings = await readDemoBills(new Date());
    log(`read ${readings.length} demo bills with the bill reader in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    for (const seeded of users) {
      const t0 = Date.now();
      const { userId } = await createVerifiedUser(auth, seeded.email, BENCH_PASSWORD, 'Bench');
      const [home] = await listProperties(db, userId);
      if (!home) throw new Error('no default property');
      const sites = Math.ceil(seeded.bills / readings.length);
      const billIds: string[] = [];
      for (let site = 0; site < sites && billIds.length < seeded.bills; site++) {
        const property = site === 0 ? home : await createProperty(db, userId, { name: `Site ${site + 1}`, propertyType: site % 3 === 0 ? 'residential' : 'commercial' });
        const factor = 1 + (site % 7) * 0.35;
        // Newest 12 months first for a user with fewer bills than two years' worth.
        for (const reading of readings.slice(-Math.min(readings.length, seeded.bills - billIds.length))) {
          const key = `${userId}/${Date.now()}-${randomUUID().slice(0, 8)}-${reading.fileName}`;
          await storage.put(key, reading.bytes);
          const row = await insertBill(db, {
            userId,
            propertyId: property.id,
            fileName: reading.fileName,
            filePath: key,
            mimeType: 'application/pdf',
            fileSize: reading.bytes.byteLength,
            propertyType: property.propertyType,
            billType: 'electricity',
            status: 'processing',
            progress: 90,
          });
          await saveExtraction(db, row, forSite(reading.result, site, factor), reading.ms);
          billIds.push(row.id);
        }
      }
      // In the order they were read (each site's oldest first), as a user analyses them.
      for (const id of billIds) {
        await analyzeUserBill(db, userId, id);
        await detectBillAnomalies(db, userId, id);
      }
      log(`seeded ${seeded.email}: ${billIds.length} bills on ${sites} sites, analysed, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await database.close();
  }
}
