import { readFile } from 'node:fs/promises';
import { extractBill } from '../extract.ts';
import { toOutputLine } from '../output.ts';
import { closeReaders } from '../read/read-document.ts';
import type { BatchReply, BatchRequest } from './protocol.ts';

/**
 * The batch CLI's reader process (batch/run-batch.ts): reads the files its parent sends, one at a
 * time, and answers each with its NDJSON line. A crash here costs the parent one file, not the batch.
 */
function errorLine(file: string, error: unknown): Record<string, unknown> {
  const code = error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : undefined;
  return { file, error: error instanceof Error ? error.message : String(error), ...(code ? { code } : {}) };
}

async function read(request: BatchRequest): Promise<BatchReply> {
  try {
    const bytes = await readFile(request.path);
    const result = await extractBill(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { id: request.id, ok: true, line: toOutputLine(request.file, result) };
  } catch (error) {
    return { id: request.id, ok: false, line: errorLine(request.file, error) };
  }
}

process.on('message', (message: BatchRequest | 'stop') => {
  if (message === 'stop') {
    void closeReaders().finally(() => process.disconnect());
    return;
  }
  void read(message).then((reply) => process.send?.(reply));
});
process.send?.('ready');
