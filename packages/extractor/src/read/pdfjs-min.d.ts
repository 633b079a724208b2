// The minified builds of pdf.js (same package and version as pdf.mjs) load with far less memory
// under tsx's loader; they ship no types of their own.
declare module 'pdfjs-dist/legacy/build/pdf.min.mjs' {
  export * from 'pdfjs-dist/legacy/build/pdf.mjs';
}
// Only its presence is used: preloaded as globalThis.pdfjsWorker, so the in-thread "fake worker"
// needs no import of its own.
declare module 'pdfjs-dist/legacy/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
