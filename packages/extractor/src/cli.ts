import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { extractBill } from './extract.ts';
import { closeReaders } from './read/read-document.ts';
import { toOutputLine } from './output.ts';

async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    process.stderr.write('usage: npm run -s extract -- FILE...\n');
    return 2;
  }
  // npm runs workspace scripts inside the workspace; paths are relative to where the user ran npm.
  const base = process.env.INIT_CWD ?? process.cwd();
  try {
    for (const file of files) {
      let line: Record<string, unknown>;
      try {
        const bytes = await readFile(resolve(base, file));
        line = toOutputLine(file, await extractBill(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
      } catch (error) {
        const code = error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : undefined;
        line = { file, error: error instanceof Error ? error.message : String(error), ...(code ? { code } : {}) };
      }
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  } finally {
    await closeReaders();
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
