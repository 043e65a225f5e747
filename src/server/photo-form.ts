import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, validationError } from './errors.js';

/**
 * Reads a shopper's form sent as multipart/form-data with photos (a review, a return request):
 * its text fields checked by `schema` (400 naming each bad field), and the files of the `photos`
 * field as buffers. The route's multipart limits (size, count) surface as 413 `too_large` and
 * 400 `too_many_photos`, naming `maxPhotos` and what the form is (`what`, in English for the log).
 */
export async function readPhotoForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  { maxPhotos, what }: { maxPhotos: number; what: string },
): Promise<{ input: z.output<S>; photos: Buffer[] }> {
  if (!request.isMultipart()) throw new AppError(400, 'validation', `Send the ${what} as multipart/form-data.`);
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'photos') photos.push(await part.toBuffer());
        else await part.toBuffer();
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'too_large', 'A photo is larger than 8 MB.');
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, 'too_many_photos', `At most ${maxPhotos} photos per ${what}.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(400, 'validation', 'Too many fields.');
    throw err;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success)
    throw validationError(
      parsed.error.issues.map((i) => ({ code: i.code, message: i.message, path: i.path.map(String) })),
      fields,
    );
  return { input: parsed.data, photos };
}
