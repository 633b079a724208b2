import { ExtractionError, type FileKind } from '@wattwise/extractor/types';
import { checkImageSize, decodedPixels, detectKind, MAX_FILE_BYTES } from '@wattwise/extractor/files';
import { AppError } from '../../http/errors.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { screenFile } from './file-screening.ts';

export { MAX_FILE_BYTES };

/**
 * Decode budget of a PDF, in pixels × pages: what the reader would rasterise if no page had a
 * text layer (extractor `decodedPixels`). 20 Letter pages at 200 dpi are 75 MP; 20 poster-sized
 * pages would be 320 MP. The reader pool checks its own budget again before reading.
 */
export const MAX_DOCUMENT_PIXELS = 100_000_000;
const DOCUMENT_TOO_LARGE_MESSAGE = 'The pages of this PDF are too large to read.';

export const MIME_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
};

/** `bytes`: what to store and read (a PDF without the bytes after its end: file-screening.ts). */
export type CheckedFile = { kind: FileKind; mimeType: string; pageCount: number; bytes: Uint8Array };

/** The upload's HTTP error for a bill-reader error (413, 415, else 422 'Bill processing failed: …'). */
export function uploadErrorFor(error: ExtractionError): AppError {
  switch (error.code) {
    case 'FILE_TOO_LARGE':
      return new AppError('FILE_TOO_LARGE', 413, BILL_MESSAGES.fileTooLarge);
    case 'UNSUPPORTED_TYPE':
      return new AppError('UNSUPPORTED_TYPE', 415, BILL_MESSAGES.unsupportedType);
    case 'EMPTY_FILE':
    case 'TOO_MANY_PAGES':
    case 'IMAGE_TOO_LARGE':
    case 'CORRUPT_FILE':
    case 'ENCRYPTED_PDF':
    case 'NO_TEXT_FOUND':
    case 'TIMEOUT':
      return new AppError('UNREADABLE_FILE', 422, BILL_MESSAGES.processingFailed(error.message));
  }
}

/**
 * Cheap checks before anything is stored: the type from the bytes (never the name), the size,
 * no polyglot, truncation or decompression bomb (file-screening.ts), and that the file opens: a PDF must parse, not be encrypted, have at most 20 pages and stay
 * within the decode budget (pixels × pages); an image must declare at most 40 MP. Throws AppError (413, 415, 422).
 */
export async function checkBillFile(bytes: Uint8Array): Promise<CheckedFile> {
  try {
    const kind = detectKind(bytes);
    // An image's declared size first: a bomb says so in its header, whether or not it is complete.
    if (kind !== 'pdf') checkImageSize(bytes, kind);
    const kept = await screenFile(bytes, kind);
    if (kind === 'pdf') {
      const { pixels, pages } = await decodedPixels(kept);
      if (pixels > MAX_DOCUMENT_PIXELS) throw new ExtractionError('IMAGE_TOO_LARGE', DOCUMENT_TOO_LARGE_MESSAGE);
      return { kind, mimeType: MIME_TYPES.pdf, pageCount: pages, bytes: kept };
    }
    return { kind, mimeType: MIME_TYPES[kind], pageCount: 1, bytes: kept };
  } catch (error) {
    if (error instanceof ExtractionError) throw uploadErrorFor(error);
    throw error;
  }
}
