import { z } from 'zod';
import { ConfigError, loadProcessConfig, loadSecrets } from './config.ts';
import { createDatabase, databaseOptionsFromConfig } from './db/client.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { createAdmin, createAuth } from './features/auth/auth.service.ts';
import { createLogger } from './platform/logger.ts';

// `npm run cli -- <command>` from the repository root.
const USAGE = `Usage: npm run cli -- <command>

Commands:
  migrate              apply the database migrations
  create-admin EMAIL   make EMAIL an admin (creates a verified account with a printed password if none exists)`;

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
      await withDatabase(({ database }) => {
        console.log(`Migrations applied (${database.kind}).`);
        return Promise.resolve();
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
        if (result.created) {
          console.log(`Created admin ${email.data} (verified). Password, shown once:\n\n  ${result.password}\n\nSign in and change it.`);
        } else {
          console.log(`${email.data} is now an admin.`);
        }
      });
      return 0;
    }
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
