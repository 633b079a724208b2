/**
 * The extractor's file-level API for its hosts (the server): check an upload before it is
 * stored (type by magic bytes, image size), open a PDF, and render one of its pages. Everything
 * else under read/ and fields/ is internal.
 */
export { splitPdfTail, withoutTrailingBytes } from './read/pdf-tail.ts';
export { checkImageSize, detectKind, MAX_FILE_BYTES } from './read/detect.ts';
export { openPdf } from './read/pdf.ts';
export { renderPageGray } from './read/pdf-render.ts';
export { decodedPixels } from './read/read-document.ts';
export { createReaderPool, defaultReaderThreads, type ReaderPool, type ReaderPoolOptions } from './read/reader-pool.ts';
