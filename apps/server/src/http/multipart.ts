import type { FastifyRequest } from 'fastify';
import type { KeyedMessage } from '@cardstack/shared/i18n/keyed';
import { AppError, badRequest } from './errors';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * The one reader of multipart requests (uploads): every field and file within the route's limits, read into
 * memory (the limits keep that small), with answers a person understands when the request is not what the form
 * sends: 400 for a missing file or too many parts, 413 for a file over the limit.
 */

/** A message for the form, shown at `field` when given (the input it is about). */
export interface FormMessage {
  message: KeyedMessage;
  field?: string;
}

export interface MultipartLimits {
  /** The largest file, in bytes. */
  maxFileBytes: number;
  maxFiles: number;
  maxFields?: number;
  /** What to say of a file over `maxFileBytes`. */
  tooLarge: FormMessage;
  /** What to say of a request that is not multipart (default: send the form as multipart/form-data). */
  notMultipart?: FormMessage;
}

export interface UploadedFile {
  /** The form field the file came in. */
  field: string;
  /** The name on the uploader's disk (shown, never used to store the file). */
  fileName: string;
  body: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

const fieldsOf = ({ message, field }: FormMessage) => (field ? { [field]: message } : undefined);

export async function readMultipart(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: limits.maxFields ?? 20 } })) {
      if (part.type === 'file') files.push({ field: part.fieldname, fileName: part.filename, body: await part.toBuffer() });
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file-too-large', limits.tooLarge.message, fieldsOf(limits.tooLarge));
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      const notMultipart = limits.notMultipart ?? { message: keyed('notMultipart') };
      throw badRequest(notMultipart.message, fieldsOf(notMultipart));
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest(keyed('formTooManyParts'));
    throw error;
  }
  return { fields, files };
}

/** The one file of an upload form; `missing` when the request has none (or is not multipart at all). */
export async function readSingleFile(request: FastifyRequest, options: { maxFileBytes: number; tooLarge: FormMessage; missing: FormMessage }): Promise<UploadedFile> {
  const { files } = await readMultipart(request, { maxFileBytes: options.maxFileBytes, maxFiles: 1, tooLarge: options.tooLarge, notMultipart: options.missing });
  const [file] = files;
  if (!file) throw badRequest(options.missing.message, fieldsOf(options.missing));
  return file;
}
