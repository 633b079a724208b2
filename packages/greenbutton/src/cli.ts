import { resolve } from 'node:path';
import { GreenButtonError, isTimeZone, meterTotals, readGreenButtonFile } from './index.ts';

/**
 * npm run -s greenbutton -- [--time-zone=America/Los_Angeles] FILE…
 * One JSON line per file: its meters with totals per flow direction, or the reason it was refused.
 * Utility CSVs carry wall-clock times without an offset; they are read in --time-zone (default:
 * this machine's zone).
 */
async function main(args: string[]): Promise<number> {
  let timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const files: string[] = [];
  for (const arg of args) {
    const zone = /^--time-zone=(.+)$/.exec(arg)?.[1];
    if (zone) timeZone = zone;
    else files.push(arg);
  }
  if (files.length === 0 || !isTimeZone(timeZone)) {
    process.stderr.write('usage: npm run -s greenbutton -- [--time-zone=IANA/Zone] FILE...\n');
    return 2;
  }
  // npm runs workspace scripts inside the workspace; paths are relative to where the user ran npm.
  const base = process.env.INIT_CWD ?? process.cwd();
  for (const file of files) {
    let line: Record<string, unknown>;
    try {
      const data = await readGreenButtonFile(resolve(base, file), { timeZone });
      line = { file, usagePoints: data.meters.map(meterTotals) };
    } catch (error) {
      if (!(error instanceof GreenButtonError) && !(error instanceof Error && 'code' in error)) throw error;
      line = { file, error: error.message };
    }
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
