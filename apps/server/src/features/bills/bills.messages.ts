/** What users read from the bill features, word for word from 01-core §5, §6 and §8. */
export const BILL_MESSAGES = {
  fileTooLarge: 'File is too large. Please upload a file under 10MB.',
  unsupportedType: 'Please upload a PDF or image file (JPEG, PNG, HEIC).',
  processingFailed: (reason: string) => `Bill processing failed: ${reason}`,
  processFailedFallback: 'Failed to process bill',
  noFile: 'Please choose a bill file to upload.',
  alreadyAnalyzed: 'This bill has already been analyzed',
  notProcessed: 'This bill is still being processed. Try again when it is ready.',
  notFound: 'Bill not found',
  notFailed: 'Only a bill whose processing failed can be retried.',
  notDuplicate: 'This bill is not marked as a duplicate.',
  correctionRequired: 'Please provide a correction',
  /** The spec's rate-limit text (01-core, error catalogue). */
  tooManyUploads: 'Too many requests. Please wait a moment and try again.',
  /** Not in the spec: a `?cursor=` this server did not hand out. */
  invalidCursor: 'The list position (cursor) is not valid. Load the list again from its first page.',
  fileMissing: 'The original file of this bill is no longer available.',
  /** A bill whose stored file could not be found when it was to be read (storage lost it): the failure keeps the month's slot. */
  fileUnavailable: 'File unavailable: the uploaded file could not be found in storage.',
  propertyTypeMismatch: (name: string, type: string, chosen: string) =>
    `${name} is a ${type} property, but you chose ${chosen}. Choose a ${chosen} property, or change the property type.`,
} as const;
