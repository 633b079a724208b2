// The browser specs (`npm run -w e2e test`): starts the shared servers (support/shared-apps.ts),
// runs the spec files two at a time with Node's test runner, stops the servers, and exits with
// the runner's status. Arguments, when given, are the spec files to run (default: every one).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSharedApps } from './support/shared-apps.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const specs = process.argv.slice(2);
const files = specs.length > 0 ? specs : readdirSync(here).filter((name) => name.endsWith('.spec.ts')).sort().map((name) => `./${name}`);

const shared = await startSharedApps();
let status = 1;
try {
  status = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=600000', ...files], {
      cwd: here,
      stdio: 'inherit',
      env: { ...process.env, ...shared.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} finally {
  await shared.stop();
}
process.exit(status);
