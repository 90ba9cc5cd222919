import type { FastifyRequest } from 'fastify';
import { VALIDATION } from '@synctrade/api/messages';
import { photoProblem } from '@synctrade/api/validation';
import { AppError } from '../http/app-error';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(data: Buffer, magic: number[]): boolean {
  return magic.every((byte, index) => data[index] === byte);
}

/** A body cut short or malformed (no closing boundary, bad headers) is the client's fault: 400. */
function incomplete(error: unknown): never {
  if (error instanceof AppError) throw error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) throw new AppError(413, VALIDATION.photoSize);
  throw AppError.badRequest('The photo upload was incomplete, please try again');
}

/**
 * Reads the `photo` part: JPG/JPEG/PNG by name and declared type (the form's rule), and by content too,
 * since the declared type is the client's word. Over 20 MB answers 413.
 */
export async function readPhoto(request: FastifyRequest): Promise<{ contentType: string; data: Buffer }> {
  if (!request.isMultipart())
    throw AppError.badRequest('Send the photo as multipart/form-data in field photo');
  const part = await request.file().catch(incomplete);
  if (!part || part.fieldname !== 'photo') throw AppError.badRequest('Photo is required');
  const problem = photoProblem({ name: part.filename, type: part.mimetype, size: 0 });
  if (problem) {
    part.file.resume();
    throw AppError.badRequest(problem);
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error: unknown) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, VALIDATION.photoSize);
    return incomplete(error);
  }
  if (part.file.truncated) throw new AppError(413, VALIDATION.photoSize);
  if (data.length === 0) throw AppError.badRequest('Photo is required');
  const contentType = startsWith(data, PNG) ? 'image/png' : startsWith(data, JPEG) ? 'image/jpeg' : null;
  if (!contentType) throw AppError.badRequest(VALIDATION.photoType);
  return { contentType, data };
}
