/** User-facing wording of the upload screen, word for word from 01-core §5 and §8. */
export const UPLOAD_MESSAGES = {
  unsupportedType: 'Please upload a PDF or image file (JPEG, PNG, HEIC).',
  uploadFailedTitle: 'Upload Failed',
  uploadFailedFallback: 'Failed to upload and process bill',
  processingFailedTitle: 'Processing Failed',
  processingFailedFallback: 'Failed to process bill',
  processingFailed: (message: string) => `Bill processing failed: ${message}`,
  authRequiredTitle: 'Authentication Required',
  authRequiredBody: 'Please sign in to upload and process your utility bills.',
  captureFailed: 'Failed to process captured image',
  successTitle: 'Upload Successful',
} as const;
