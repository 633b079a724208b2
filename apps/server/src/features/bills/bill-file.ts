import { ExtractionError, type FileKind } from '@wattwise/extractor/types';
import { checkImageSize, detectKind, MAX_FILE_BYTES, openPdf } from '@wattwise/extractor/files';
import { AppError } from '../../http/errors.ts';
import { BILL_MESSAGES } from './bills.messages.ts';
import { screenFile } from './file-screening.ts';

export { MAX_FILE_BYTES };

/**
 * Decode budget of a PDF, in pixels × pages: what the reader would rasterise if no page had a
 * text layer (it renders at 200 dpi, at most 16 MP a page: extractor read-document.ts and
 * pdf-render.ts). 20 Letter pages at 200 dpi are 75 MP; 20 poster-sized pages would be 320 MP.
 */
const READER_DPI = 200;
const MAX_PAGE_RENDER_PIXELS = 16_000_000;
export const MAX_DOCUMENT_PIXELS = 100_000_000;
const DOCUMENT_TOO_LARGE_MESSAGE = 'The pages of this PDF are too large to read.';

export const MIME_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
};

export type CheckedFile = { kind: FileKind; mimeType: string; pageCount: number };

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
    await screenFile(bytes, kind);
    if (kind === 'pdf') {
      const doc = await openPdf(bytes);
      try {
        const pageCount = doc.numPages;
        let pixels = 0;
        for (let n = 1; n <= pageCount; n++) {
          const { width, height } = (await doc.getPage(n)).getViewport({ scale: READER_DPI / 72 });
          pixels += Math.min(width * height, MAX_PAGE_RENDER_PIXELS);
        }
        if (pixels > MAX_DOCUMENT_PIXELS) throw new ExtractionError('IMAGE_TOO_LARGE', DOCUMENT_TOO_LARGE_MESSAGE);
        return { kind, mimeType: MIME_TYPES.pdf, pageCount };
      } finally {
        await doc.destroy();
      }
    }
    return { kind, mimeType: MIME_TYPES[kind], pageCount: 1 };
  } catch (error) {
    if (error instanceof ExtractionError) throw uploadErrorFor(error);
    throw error;
  }
}
