// Test preload (node --import) for the batch CLI: reading a file whose name holds
// "crashes-the-reader" kills the reading process as a native crash would (SIGSEGV); one whose
// name holds "hangs-the-reader" never finishes. Everything else reads normally.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const original = fs.promises.readFile;
fs.promises.readFile = function readFile(path, ...rest) {
  const name = String(path);
  if (name.includes('crashes-the-reader')) process.kill(process.pid, 'SIGSEGV');
  if (name.includes('hangs-the-reader')) return new Promise(() => undefined);
  return original.call(this, path, ...rest);
};
syncBuiltinESMExports();
