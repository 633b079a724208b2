// Test helper process (bills.restart.test.ts): starts the server's parts on DATA_DIR, uploads a
// bill whose reading never finishes, prints its id once it is being processed, and waits to
// be killed with SIGKILL (a crash in the middle of a job).
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../../../app.ts';
import { loadConfig, loadSecrets, REPO_ROOT } from '../../../config.ts';
import { createDatabase, databaseOptionsFromConfig } from '../../../db/client.ts';
import { createLogger } from '../../../platform/logger.ts';
import { createQueue } from '../../../platform/queue.ts';
import { createVerifiedUser } from '../../demo/demo.service.ts';
import { startBillWorker } from '../bills.jobs.ts';
import { getBillSummary, uploadBill } from '../bills.service.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: stuck-worker.child.ts DATA_DIR');
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const logger = createLogger({ level: 'silent' });
const database = await createDatabase(databaseOptionsFromConfig(config));
await database.migrate();
const queue = createQueue({ database, logger });
await queue.start();
const secrets = { authSecret: 'x'.repeat(40), altchaHmacKey: 'y'.repeat(40), fileEncryption: loadSecrets(config).fileEncryption };
const { auth, bills } = createApp({ config, secrets, database, queue, mailer: { kind: 'outbox' }, logger });
await startBillWorker({ ...bills, database, extract: () => new Promise(() => undefined) }, queue, { expireSeconds: config.billJobExpireSeconds });
const { userId } = await createVerifiedUser(auth, 'crash@example.com', 'Sunny-Day-42');
// The file of TEXT_BILL (bills.test-support.ts, which this process cannot import: it needs vitest).
const fileName = 'gen-fixtures-0004.pdf';
const bytes = new Uint8Array(fs.readFileSync(path.resolve(REPO_ROOT, 'packages/extractor/test-fixtures/generated', fileName)));
const bill = await uploadBill(bills, userId, { bytes, fileName, propertyType: 'residential', billType: 'electricity' });
for (;;) {
  const current = await getBillSummary(database.db, userId, bill.id);
  if (current.status === 'processing') break;
  await new Promise((r) => setTimeout(r, 50));
}
process.stdout.write(`${JSON.stringify({ billId: bill.id, userId })}\n`);
setInterval(() => undefined, 60_000);
