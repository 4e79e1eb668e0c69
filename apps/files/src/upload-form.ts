import type { FastifyMultipartBaseOptions, Multipart } from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import type { FastifyRequest } from 'fastify';
import { IMAGE_TOO_BIG_DETAILS } from './image-processor';

/** The file part's name. */
export const UPLOAD_FILE_PART = 'file';

/**
 * What an upload form may hold: one file of at most IMAGE_MAX_BYTES, a few short text parts
 * (purpose and the four crop fractions, with room for a client's extra), short names, few
 * headers. Busboy counts as it parses; nothing past a limit is kept.
 */
export const UPLOAD_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 8,
  fieldSize: 32,
  fieldNameSize: 32,
  parts: 10,
  headerPairs: 16,
} as const satisfies NonNullable<FastifyMultipartBaseOptions['limits']>;

/** An upload's form as read: the file's bytes (if any) and the text parts, once each. */
export type UploadForm = { file: Buffer | undefined; fields: Record<string, string> };

const bodyIssue = (code = 'INVALID_VALUE') =>
  new AppError('VALIDATION_FAILED', [{ field: '(body)', code }]);

/** The multipart plugin's and busboy's failures, as our error codes. */
function formProblem(error: unknown): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('IMAGE_TOO_BIG', IMAGE_TOO_BIG_DETAILS);
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION_FAILED', [
        { field: UPLOAD_FILE_PART, code: 'INVALID_VALUE' },
      ]);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return bodyIssue();
    default:
      // Busboy's own words for a malformed body (a missing boundary, a cut-off part).
      if (error instanceof Error && /multipart|boundary|part|form/i.test(error.message))
        return bodyIssue();
      return error;
  }
}

/**
 * Reads a `multipart/form-data` body: the part named `file` into memory (up to the limit),
 * text parts as strings. A second file, a file under another name, a text part given twice or
 * cut short by its limit are refused (VALIDATION_FAILED).
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { accepted: ['multipart/form-data'] });
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  const issues: Array<{ field: string; code: string }> = [];
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS }) as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== UPLOAD_FILE_PART) {
          part.file.resume();
          issues.push({ field: part.fieldname, code: 'INVALID_VALUE' });
          continue;
        }
        file = await part.toBuffer();
        continue;
      }
      const { fieldname, value, valueTruncated } = part;
      if (valueTruncated) issues.push({ field: fieldname, code: 'TOO_LONG' });
      else if (Object.hasOwn(fields, fieldname) || fieldname === UPLOAD_FILE_PART)
        issues.push({ field: fieldname, code: 'INVALID_VALUE' });
      else if (typeof value === 'string') fields[fieldname] = value;
      else issues.push({ field: fieldname, code: 'INVALID_VALUE' });
    }
  } catch (error) {
    throw formProblem(error);
  }
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues);
  return { file, fields };
}
