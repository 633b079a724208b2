/** What the file input accepts (01-core §5): PDF, JPEG, PNG and HEIC. */
export const ACCEPTED_FILE_TYPES = '.pdf,.jpg,.jpeg,.png,.heic';

const EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png', 'heic']);
const MIME_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'image/heic', 'image/heif']);

/**
 * True when a chosen or dropped file looks like a bill we can read. The browser's type is
 * checked first; HEIC often arrives without one, so the extension decides then. The server
 * checks the content again.
 */
export function isAcceptedBillFile(file: { name: string; type: string }): boolean {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (file.type) return MIME_TYPES.has(file.type.toLowerCase()) || (file.type === 'application/octet-stream' && EXTENSIONS.has(extension));
  return EXTENSIONS.has(extension);
}
