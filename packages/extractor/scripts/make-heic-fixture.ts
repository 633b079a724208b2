/**
 * Writes `test-fixtures/photo-bill.heic`: a made-up electricity bill drawn on a canvas, turned a
 * little as a hand-held photo is, and encoded as HEIC (HEVC) by libheif's `heif-enc`
 * (Debian: `apt-get install libheif-examples`). Run by hand when the fixture must change:
 *   node --import tsx packages/extractor/scripts/make-heic-fixture.ts
 * The values drawn here are the ones `src/read/heic.test.ts` expects.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../test-fixtures/photo-bill.heic');

const LINES: Array<[string, number]> = [
  ['Lakeside Electric Cooperative', 52],
  ['PO Box 4410, Millbrook, OR 97999', 30],
  ['', 30],
  ['Account Number: 5520-118-0937', 34],
  ['Statement Date: March 3, 2026', 34],
  ['Service Period: Jan 28, 2026 - Feb 26, 2026', 34],
  ['', 30],
  ['Electric Usage: 842 kWh', 34],
  ['Energy Charge  $101.05', 34],
  ['Customer Charge  $27.42', 34],
  ['', 30],
  ['Total Amount Due: $128.47', 40],
  ['Due Date: March 24, 2026', 40],
];

const canvas = createCanvas(1500, 1900);
const ctx = canvas.getContext('2d');
ctx.fillStyle = '#d8d4cc'; // a table under the sheet
ctx.fillRect(0, 0, canvas.width, canvas.height);
ctx.translate(110, 120);
ctx.rotate((2.5 * Math.PI) / 180);
ctx.fillStyle = '#fbfaf6';
ctx.fillRect(0, 0, 1280, 1650);
ctx.fillStyle = '#1d1d1f';
let y = 120;
for (const [text, size] of LINES) {
  ctx.font = `${size}px sans-serif`;
  if (text) ctx.fillText(text, 90, y);
  y += size * 1.9;
}

const dir = mkdtempSync(join(tmpdir(), 'heic-fixture-'));
try {
  const png = join(dir, 'bill.png');
  writeFileSync(png, canvas.toBuffer('image/png'));
  execFileSync('heif-enc', ['-q', '70', '-o', OUT, png], { stdio: 'inherit' });
  console.log(`${OUT}: ${statSync(OUT).size} bytes`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
