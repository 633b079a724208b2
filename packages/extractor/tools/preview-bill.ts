/**
 * Renders pages of a generated PDF to PNG to look at them:
 *   node --import tsx tools/preview-bill.ts BILL.pdf OUT_PREFIX [dpi]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { renderPagePng } from './gen/raster.ts';

const [input, prefix, dpi = '80'] = process.argv.slice(2);
if (input === undefined || prefix === undefined) {
  console.error('Usage: preview-bill.ts BILL.pdf OUT_PREFIX [dpi]');
  process.exit(2);
}
const bytes = new Uint8Array(await readFile(input));
const pages = (await PDFDocument.load(bytes)).getPageCount();
for (let n = 1; n <= pages; n++) {
  await writeFile(`${prefix}-p${n}.png`, await renderPagePng(bytes, Number(dpi), n));
  console.log(`${prefix}-p${n}.png`);
}
