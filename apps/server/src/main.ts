import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import { closeReaders } from '@wattwise/extractor/extract';
import { createApp } from './app.ts';
import { ConfigError, loadProcessConfig, loadSecrets, startupWarnings } from './config.ts';
import { createDatabase, databaseOptionsFromConfig } from './db/client.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { startBillWorker } from './features/bills/bills.jobs.ts';
import { createDataExportJob } from './features/account/account.jobs.ts';
import { sweepOrphanFiles } from './features/bills/orphan-files.ts';
import { prepareDemoAccount, seedDemoData } from './features/demo/demo.service.ts';
import { createNotifier } from './features/notifications/notifications.service.ts';
import { unsubscribeKey } from './platform/unsubscribe-token.ts';
import { startScheduledNotifications } from './use-cases/scheduled-notifications.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer, createSendEmailWorker } from './platform/mail.ts';
import { createQueue } from './platform/queue.ts';
import { createAdjustableClock, systemClock } from './platform/clock.ts';
import { startSmartHomeJobs } from './features/smart-home/smart-home.jobs.ts';
import { startIotJobs } from './features/iot/iot.jobs.ts';
import { startSupportJobs } from './features/support/support.jobs.ts';
import { createHelpdesk } from './platform/helpdesk/create-helpdesk.ts';
import { type MqttIngest, startMqttIngest } from './features/iot/mqtt-ingest.ts';
import { createSmartHomeDeps } from './features/smart-home/smart-home.setup.ts';
import { createRealtime } from './platform/realtime.ts';
import { createLocalStorage } from './platform/storage.ts';

// Process entry: config → database (+ migrations) → jobs → HTTP. `--worker` runs jobs only.

async function main() {
  let config;
  try {
    config = loadProcessConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const workerOnly = process.argv.includes('--worker');
  const logger = createLogger({ level: config.logLevel, name: workerOnly ? 'wattwise-worker' : 'wattwise' });
  for (const warning of startupWarnings(config)) logger.warn(warning);
  const secrets = loadSecrets(config);
  const dbOptions = databaseOptionsFromConfig(config);
  const releaseLock = dbOptions.kind === 'pglite' ? acquireDataDirLock(config.dataDir) : () => undefined;

  const database = await createDatabase(dbOptions);
  await database.migrate();
  logger.info({ database: database.kind, dataDir: dbOptions.kind === 'pglite' ? dbOptions.dataDir : undefined }, 'database ready');

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const queue = createQueue({ database, logger });
  await queue.start();
  await queue.work(createSendEmailWorker(mailer, database.db, logger));
  const storage = createLocalStorage(path.join(config.dataDir, 'uploads'));
  const exportStorage = createLocalStorage(path.join(config.dataDir, 'exports'));
  const realtime = createRealtime(database, logger);
  // Files a crash left behind. On PGlite this process is the only one (the data-dir lock), so
  // everything is settled; on PostgreSQL another process may be mid-upload, so spare the last hour.
  const settledBefore = dbOptions.kind === 'pglite' ? new Date() : new Date(Date.now() - 60 * 60 * 1000);
  await sweepOrphanFiles({ db: database.db, storage, logger }, { olderThan: settledBefore }).catch((error: unknown) =>
    logger.warn({ err: error }, 'could not sweep orphan bill files'),
  );
  const notifier = createNotifier({ db: database.db, queue, realtime, logger, publicUrl: config.publicUrl, unsubscribeKey: unsubscribeKey(secrets.authSecret) });
  const billWorker = await startBillWorker({ db: database.db, database, storage, realtime, queue, logger, notifier }, queue, {
    expireSeconds: config.billJobExpireSeconds,
  });
  await queue.work(createDataExportJob({ db: database.db, storage, exportStorage, notifier, logger }));
  const clockControl = config.smartHome.testClock ? createAdjustableClock() : null;
  const clock = clockControl ?? systemClock;
  const smartHome = createSmartHomeDeps({ db: database.db, logger, clock, config: config.smartHome, authSecret: secrets.authSecret });
  const stopSmartHome = await startSmartHomeJobs(smartHome, queue, config.smartHome.automationIntervalSeconds);
  const stopIot = await startIotJobs({ db: database.db, realtime, clock, logger }, queue);
  let mqttIngest: MqttIngest | null = null;
  if (config.smartHome.mqttUrl) {
    // A broker that is down at start is reported, not fatal: the rest of the app runs.
    mqttIngest = await startMqttIngest({ db: database.db, realtime, clock, logger }, config.smartHome.mqttUrl).catch((error: unknown) => {
      logger.error({ err: error }, 'MQTT broker not reached: no readings are ingested from MQTT_URL');
      return null;
    });
  }
  const monthlySummary = { deps: { db: database.db, queue, logger, publicUrl: config.publicUrl, unsubscribeKey: unsubscribeKey(secrets.authSecret) }, day: config.monthlySummaryDay };
  const scheduled = startScheduledNotifications({ db: database.db, notifier, logger, monthlySummary });
  const helpdesk = createHelpdesk(config.helpdesk, { logger });
  const stopSupport = await startSupportJobs({ db: database.db, helpdesk, notifier, logger }, queue);
  logger.info({ mail: mailer.kind, helpdesk: helpdesk?.name ?? 'embedded' }, 'jobs started');

  let server: ReturnType<typeof serve> | undefined;
  if (!workerOnly) {
    const demoAccount = config.demoData ? await prepareDemoAccount(database.db, config.dataDir, logger) : null;
    const { app, auth, bills } = createApp({ config, secrets, database, queue, mailer, logger, storage, exportStorage, realtime, notifier, demoAccount, clock, clockControl, helpdesk });
    if (demoAccount) {
      // In the background once the server listens: the bills go through the real pipeline.
      setTimeout(() => {
        seedDemoData({ auth, bills, dataDir: config.dataDir, logger }).catch((error: unknown) => logger.error({ err: error }, 'demo data failed'));
      }, 1000).unref();
    }
    if (!fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
      logger.warn(`web app not built: ${config.webDistDir} has no index.html. Run \`npm run build\` (or \`npm start\` from the repo root).`);
    }
    server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
      logger.info({ port: info.port, url: config.publicUrl }, `Wattwise listening on ${config.publicUrl}`);
      for (const warning of config.warnings) logger.warn(warning);
      if (mailer.kind === 'outbox') logger.info(`dev mailbox: ${config.publicUrl}/dev/mailbox`);
    });
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
      if (server) {
        // A keep-alive connection busy when the signal came stays open after close(): answer
        // what arrives on it with `Connection: close`, so clients (and load balancers) move on.
        server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => response.setHeader('Connection', 'close'));
        const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        await realtime.close(); // ends live progress streams, so the server can close
        await closed;
      }
      billWorker.stop();
      stopSmartHome();
      stopIot();
      stopSupport();
      await mqttIngest?.stop();
      scheduled.stop();
      await realtime.close();
      await queue.stop(20_000);
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
