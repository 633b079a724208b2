import type { Context } from 'hono';
import { AppError } from './errors.ts';

/**
 * The multipart form of an upload and its file field. A body that is not a form, or a form
 * without that file, is refused with `missingMessage` (422 VALIDATION_FAILED); an AppError raised
 * while the body is read (the body limit's 413) passes through as it is.
 */
export async function readUploadForm(c: Context, field: string, missingMessage: string): Promise<{ form: FormData; file: File }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_FAILED', 422, missingMessage);
  }
  const file = form.get(field);
  if (!file || typeof file === 'string') throw new AppError('VALIDATION_FAILED', 422, missingMessage);
  return { form, file };
}
