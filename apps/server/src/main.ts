import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import { closeReaders } from '@wattwise/extractor/extract';
import { createReaderPool, defaultReaderThreads, type ReaderPool } from '@wattwise/extractor/files';
import { createApp } from './app.ts';
import { type Config, ConfigError, loadProcessConfig, loadSecrets, mqttSharedGroup, perProcessSecretsProblem, startupWarnings } from './config.ts';
import { createDatabase, databaseOptionsFromConfig } from './db/client.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { startBillWorker } from './features/bills/bills.jobs.ts';
import { createAnalyseBillJob } from './use-cases/analyse-bill.ts';
import { createDataExportJob } from './features/account/account.jobs.ts';
import { ORPHAN_SWEEP_CRON, orphanSweepJob, sweepOrphanFiles } from './features/bills/orphan-files.ts';
import { prepareDemoAccount, seedDemoData } from './features/demo/demo.service.ts';
import { createNotifier } from './features/notifications/notifications.service.ts';
import { unsubscribeKey } from './platform/unsubscribe-token.ts';
import { SCHEDULED_NOTIFICATIONS_CRON, scheduledNotificationsJob } from './use-cases/scheduled-notifications.ts';
import { setUpDatabase, underSetupLock } from './setup.ts';
import { createWorkerApp } from './worker-app.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer, createSendEmailWorker } from './platform/mail.ts';
import { createQueue, STATELY_BATCH_SIZE } from './platform/queue.ts';
import { createAiProvider } from './platform/ai.ts';
import { createAdjustableClock, systemClock } from './platform/clock.ts';
import { startSmartHomeJobs } from './features/smart-home/smart-home.jobs.ts';
import { startIotJobs } from './features/iot/iot.jobs.ts';
import { startSupportJobs } from './features/support/support.jobs.ts';
import { createHelpdesk } from './platform/helpdesk/create-helpdesk.ts';
import { deviceTokenKey } from './features/iot/device-token.ts';
import { type MqttIngest, startMqttIngest } from './features/iot/mqtt-ingest.ts';
import { createSmartHomeDeps } from './features/smart-home/smart-home.setup.ts';
import { createRealtime } from './platform/realtime.ts';
import { createStorageFromConfig } from './platform/s3-storage.ts';
import { createEncryptedStorage } from './platform/encrypted-storage.ts';

// Process entry: config → database (migrations and job-queue setup under one lock) → jobs → HTTP.
// ROLE=api serves HTTP and runs no job; ROLE=worker runs jobs and serves only health and metrics; all (default) both.

/** How long an idle keep-alive connection stays open: longer than clients' and load balancers' (60 s). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The role asked for: `--worker` / `--api` on the command line win over ROLE. */
function roleOf(config: Config): Config['role'] {
  if (process.argv.includes('--worker')) return 'worker';
  if (process.argv.includes('--api')) return 'api';
  return config.role;
}

async function main() {
  let config: Config;
  try {
    config = loadProcessConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const role = roleOf(config);
  const runsJobs = role !== 'api';
  const servesApi = role !== 'worker';
  const logger = createLogger({ level: config.logLevel, name: role === 'all' ? 'wattwise' : `wattwise-${role}` });
  for (const warning of startupWarnings(config)) logger.warn(warning);
  const secretsProblem = perProcessSecretsProblem(config);
  if (secretsProblem && config.isProduction) {
    logger.fatal(secretsProblem);
    process.exit(1);
  }
  if (secretsProblem) logger.warn(secretsProblem);
  const secrets = loadSecrets(config);
  const dbOptions = databaseOptionsFromConfig(config);
  const releaseLock = dbOptions.kind === 'pglite' ? acquireDataDirLock(config.dataDir) : () => undefined;

  const database = await createDatabase(dbOptions);
  // A dedicated worker drains a stately queue (the bill analyses) several jobs a poll; a process that serves the API paces them.
  const queue = createQueue({ database, logger, runsJobs, statelyBatchSize: servesApi ? 1 : STATELY_BATCH_SIZE });
  await setUpDatabase(database, queue);
  logger.info({ role, database: database.kind, dataDir: dbOptions.kind === 'pglite' ? dbOptions.dataDir : undefined }, 'database ready');

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  // Bill files and data exports are ciphertext at rest whatever holds them (local folder or S3).
  const storage = createEncryptedStorage(createStorageFromConfig(config, 'uploads'), secrets.fileEncryption);
  const exportStorage = createEncryptedStorage(createStorageFromConfig(config, 'exports'), secrets.fileEncryption);
  const realtime = createRealtime(database, logger);
  const notifier = createNotifier({ db: database.db, queue, realtime, logger, publicUrl: config.publicUrl, unsubscribeKey: unsubscribeKey(secrets.authSecret) });
  const clockControl = config.smartHome.testClock ? createAdjustableClock() : null;
  const clock = clockControl ?? systemClock;
  const helpdesk = createHelpdesk(config.helpdesk, { logger });
  const stops: Array<() => void | Promise<void>> = [];
  // Reading runs in worker threads, off this event loop (one thread per two cores unless READER_THREADS):
  // the bill jobs read in it, and so does 'Read from bill' on an API process. Threads start when first used.
  const readers: ReaderPool = createReaderPool({ ...config.reader, threads: config.reader.threads ?? defaultReaderThreads() });
  logger.info({ threads: readers.threads }, 'bill reader threads');

  if (runsJobs) {
    await queue.work(createSendEmailWorker(mailer, database.db, logger));
    // Files a crash left behind. On PGlite this process is the only one (the data-dir lock), so
    // everything is settled; on PostgreSQL another process may be mid-upload, so spare the last hour.
    const settledBefore = dbOptions.kind === 'pglite' ? new Date() : new Date(Date.now() - 60 * 60 * 1000);
    await sweepOrphanFiles({ db: database.db, storage, logger }, { olderThan: settledBefore }).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not sweep orphan bill files'),
    );
    await queue.schedule(orphanSweepJob({ db: database.db, storage, logger }), ORPHAN_SWEEP_CRON);
    const billWorker = await startBillWorker({ db: database.db, database, storage, realtime, queue, logger, notifier, read: readers.read, ai: createAiProvider(config.ai) }, queue, {
      expireSeconds: config.billJobExpireSeconds,
      heartbeatSeconds: config.billHeartbeatSeconds,
      staleSeconds: config.billStaleSeconds,
    });
    stops.push(() => billWorker.stop());
    // Bills analyse themselves after reading and after each correction.
    await queue.work(createAnalyseBillJob({ db: database.db, notifier, logger }));
    await queue.work(createDataExportJob({ db: database.db, storage, exportStorage, notifier, logger }));
    const smartHome = createSmartHomeDeps({ db: database.db, logger, clock, config: config.smartHome, authSecret: secrets.authSecret });
    stops.push(await startSmartHomeJobs(smartHome, queue, config.smartHome.automationIntervalSeconds));
    stops.push(await startIotJobs({ db: database.db, realtime, clock, logger }, queue));
    if (config.smartHome.mqttUrl) {
      // A broker that is down at start is reported, not fatal: the rest of the app runs.
      const mqttIngest: MqttIngest | null = await startMqttIngest({ db: database.db, realtime, clock, logger }, config.smartHome.mqttUrl, deviceTokenKey(secrets.authSecret), mqttSharedGroup(config, secrets)).catch((error: unknown) => {
        logger.error({ err: error }, 'MQTT broker not reached: no readings are ingested from MQTT_URL');
        return null;
      });
      if (mqttIngest) stops.push(() => mqttIngest.stop());
    }
    const monthlySummary = { deps: { db: database.db, queue, logger, publicUrl: config.publicUrl, unsubscribeKey: unsubscribeKey(secrets.authSecret) }, day: config.monthlySummaryDay };
    await queue.schedule(scheduledNotificationsJob({ db: database.db, notifier, logger, monthlySummary }), SCHEDULED_NOTIFICATIONS_CRON);
    stops.push(await startSupportJobs({ db: database.db, helpdesk, notifier, logger }, queue));
    logger.info({ mail: mailer.kind, helpdesk: helpdesk?.name ?? 'embedded' }, 'jobs started');
  }

  let server: ReturnType<typeof serve>;
  if (servesApi) {
    const demoAccount = config.demoData ? await underSetupLock(database, () => prepareDemoAccount(database.db, config.dataDir, logger)) : null;
    const { app, auth, bills } = createApp({ config, secrets, database, queue, mailer, logger, storage, exportStorage, realtime, notifier, demoAccount, clock, clockControl, helpdesk, read: readers.read });
    if (demoAccount) {
      // In the background once the server listens: the bills go through the real pipeline (read by whichever worker takes them).
      setTimeout(() => {
        seedDemoData({ auth, bills, dataDir: config.dataDir, logger, once: (fn) => underSetupLock(database, fn) }).catch((error: unknown) => logger.error({ err: error }, 'demo data failed'));
      }, 1000).unref();
    }
    if (!fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
      logger.warn(`web app not built: ${config.webDistDir} has no index.html. Run \`npm run build\` (or \`npm start\` from the repo root).`);
    }
    server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
      logger.info({ port: info.port, url: config.publicUrl, role }, `Wattwise listening on ${config.publicUrl}`);
      if (config.localOnlyByDefault) {
        logger.info(`development mode listens on ${config.host} only (this machine). To let other machines reach it, set HOST=0.0.0.0 (and PUBLIC_URL to the address they use).`);
      }
      for (const warning of config.warnings) logger.warn(warning);
      if (mailer.kind === 'outbox') logger.info(`dev mailbox: ${config.publicUrl}/dev/mailbox`);
    });
  } else {
    server = serve({ fetch: createWorkerApp({ config, database, logger }).fetch, port: config.port, hostname: config.host }, (info) => {
      logger.info({ port: info.port, role }, `Wattwise worker: health and metrics on port ${info.port}`);
      for (const warning of config.warnings) logger.warn(warning);
    });
  }

  // Idle keep-alive connections stay open longer than a client's or a load balancer's own idle
  // timeout (Node's clients 5 s, common balancers 60 s): when the server closes first, a request
  // sent on the closing connection at that moment is reset (ECONNRESET) instead of answered.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      // A keep-alive connection busy when the signal came stays open after close(): answer
      // what arrives on it with `Connection: close`, so clients (and load balancers) move on.
      server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => response.setHeader('Connection', 'close'));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      await realtime.close(); // ends live progress streams, so the server can close
      await closed;
      for (const stop of stops) await stop();
      await realtime.close();
      await queue.stop(20_000);
      await readers.close();
      await closeReaders();
      mailer.close();
      await database.close();
      releaseLock();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
