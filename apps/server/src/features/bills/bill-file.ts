import { ExtractionError, type FileKind } from '@wattwise/extractor/types';
import { checkImageSize, detectKind, MAX_FILE_BYTES } from '@wattwise/extractor/read/detect';
import { openPdf } from '@wattwise/extractor/read/pdf';
import { AppError } from '../../http/errors.ts';
import { BILL_MESSAGES } from './bills.messages.ts';

export { MAX_FILE_BYTES };

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
 * and that the file opens: a PDF must parse, not be encrypted and have at most 20 pages; an
 * image must declare a sane pixel size. Throws AppError (413, 415, 422).
 */
export async function checkBillFile(bytes: Uint8Array): Promise<CheckedFile> {
  try {
    const kind = detectKind(bytes);
    if (kind === 'pdf') {
      const doc = await openPdf(bytes);
      const pageCount = doc.numPages;
      await doc.destroy();
      return { kind, mimeType: MIME_TYPES.pdf, pageCount };
    }
    checkImageSize(bytes, kind);
    return { kind, mimeType: MIME_TYPES[kind], pageCount: 1 };
  } catch (error) {
    if (error instanceof ExtractionError) throw uploadErrorFor(error);
    throw error;
  }
}
