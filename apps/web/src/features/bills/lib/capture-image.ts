/** Camera settings of 01-core §7 and §9: JPEG quality 90, width at most 1440 px. */
export const CAPTURE_QUALITY = 0.9;
export const CAPTURE_MAX_WIDTH = 1440;
export const CAPTURE_FILE_NAME = 'bill_capture.jpg';

/** Size that fits `maxWidth`, keeping the aspect ratio and never enlarging. */
export function fitWithin(width: number, height: number, maxWidth = CAPTURE_MAX_WIDTH): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.round((height * maxWidth) / width) };
}

async function decode(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  if (typeof createImageBitmap === 'function') {
    try {
      return await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      // Fall through to <img>, which some browsers decode when createImageBitmap cannot.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Turns a phone photo into the file the upload sends: re-encoded as JPEG at quality 0.9,
 * at most 1440 px wide, named `bill_capture.jpg`. Throws when the browser cannot decode it.
 */
export async function toCapturedBillFile(photo: Blob): Promise<File> {
  const image = await decode(photo);
  const source = 'naturalWidth' in image ? { width: image.naturalWidth, height: image.naturalHeight } : image;
  const size = fitWithin(source.width, source.height);
  if (!size.width || !size.height) throw new Error('Empty image');
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas unavailable');
  context.drawImage(image, 0, 0, size.width, size.height);
  if ('close' in image) image.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', CAPTURE_QUALITY));
  if (!blob) throw new Error('JPEG encoding failed');
  return new File([blob], CAPTURE_FILE_NAME, { type: 'image/jpeg', lastModified: Date.now() });
}
