import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, loadProcessConfig, loadSecrets } from './config.ts';
import { createDatabase, databaseOptionsFromConfig } from './db/client.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { createAuditRecorder } from './features/account/audit.ts';
import { createAdmin, createAuth } from './features/auth/auth.service.ts';
import { BackupError, createBackup, restoreBackup } from './db/backup.ts';
import { createLogger } from './platform/logger.ts';
import { createLocalStorage } from './platform/storage.ts';
import { createEncryptedStorage, reencryptStoredFiles } from './platform/encrypted-storage.ts';
import { createQueue } from './platform/queue.ts';
import { setUpDatabase } from './setup.ts';

// `npm run cli -- <command>` from the repository root.
const USAGE = `Usage: npm run cli -- <command>

Commands:
  migrate              apply the database migrations
  create-admin EMAIL   make EMAIL an admin (creates a verified account with a printed password if none exists)
  backup FILE          write the database and the stored files to FILE (a .tar.gz; stop the server first on the embedded database)
  restore FILE         load a backup into an empty database and storage
  restore FILE --force replace what the database and storage hold with the backup
  reencrypt-files      rewrite every stored file with FILE_ENCRYPTION_KEY (after a key rotation; also encrypts files stored before encryption)`;

async function withDatabase<T>(run: (deps: { config: ReturnType<typeof loadProcessConfig>; database: Awaited<ReturnType<typeof createDatabase>> }) => Promise<T>) {
  const config = loadProcessConfig();
  const options = databaseOptionsFromConfig(config);
  const release = options.kind === 'pglite' ? acquireDataDirLock(config.dataDir) : () => undefined;
  try {
    const database = await createDatabase(options);
    try {
      await database.migrate();
      return await run({ config, database });
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command ?? 'help') {
    case 'migrate':
      // The same start-up as every role's (migrations and the job queue's schema, under the lock), then out.
      await withDatabase(async ({ database }) => {
        const queue = createQueue({ database, logger: createLogger({ level: 'warn' }), runsJobs: false });
        await setUpDatabase(database, queue);
        await queue.stop(1000);
        console.log(`Migrations and the job queue's schema applied (${database.kind}).`);
      });
      return 0;
    case 'create-admin': {
      const email = z.email().safeParse(args[0]);
      if (!email.success) {
        console.error('create-admin needs an email address.\n');
        console.error(USAGE);
        return 2;
      }
      await withDatabase(async ({ config, database }) => {
        const logger = createLogger({ level: 'warn' });
        const auth = createAuth({
          config,
          secrets: loadSecrets(config),
          db: database.db,
          queue: { send: () => Promise.reject(new Error('The CLI does not send mail')) },
          logger,
        });
        const result = await createAdmin(auth, email.data);
        await createAuditRecorder({ db: database.db, logger })({ event: 'role_changed', userId: result.userId, detail: { role: 'admin', by: 'cli create-admin', created: result.created } });
        if (result.created) {
          console.log(`Created admin ${email.data} (verified). Password, shown once:\n\n  ${result.password}\n\nSign in and change it.`);
        } else {
          console.log(`${email.data} is now an admin.`);
        }
      });
      return 0;
    }
    case 'backup':
    case 'restore': {
      const file = args.find((a) => !a.startsWith('--'));
      if (!file) {
        console.error(`${command} needs a file name.\n`);
        console.error(USAGE);
        return 2;
      }
      return withDatabase(async ({ config, database }) => {
        const root = path.join(config.dataDir, 'uploads');
        // Through the decrypting wrapper: a backup holds the originals, a restore encrypts them again.
        const storage = createEncryptedStorage(createLocalStorage(root), loadSecrets(config).fileEncryption);
        try {
          if (command === 'backup') {
            const manifest = await createBackup({ database, storage }, path.resolve(file));
            const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
            console.log(`Backed up ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.files} files (${database.kind}) to ${file}.`);
          } else {
            const clearStorage = () => fs.promises.rm(root, { recursive: true, force: true });
            const manifest = await restoreBackup({ database, storage, clearStorage }, path.resolve(file), { force: args.includes('--force') });
            const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
            console.log(`Restored ${rows} rows and ${manifest.files} files from ${file} (made ${manifest.createdAt} on ${manifest.database}).`);
          }
          return 0;
        } catch (error) {
          if (!(error instanceof BackupError)) throw error;
          console.error(error.message);
          return error.exitCode;
        }
      });
    }
    case 'reencrypt-files':
      return withDatabase(async ({ config }) => {
        const keys = loadSecrets(config).fileEncryption;
        let total = { rewritten: 0, unchanged: 0 };
        for (const folder of ['uploads', 'exports']) {
          const result = await reencryptStoredFiles(createLocalStorage(path.join(config.dataDir, folder)), keys);
          total = { rewritten: total.rewritten + result.rewritten, unchanged: total.unchanged + result.unchanged };
        }
        console.log(`Re-encrypted ${total.rewritten} files with the current key (${total.unchanged} already were). The previous keys can now be removed.`);
        return 0;
      });
    default:
      console.error(USAGE);
      return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  });
