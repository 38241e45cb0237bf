import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '@ziver/shared';

export type UploadedFile = { fileName: string; bytes: Buffer };

export type MultipartOptions = {
  /** The one file field accepted. */
  field: string;
  maxFiles: number;
  maxBytes: number;
  /** The error for a file over `maxBytes` (named by the browser's file name). */
  tooLarge: (fileName: string) => AppError;
  /** The error for more than `maxFiles` files. */
  tooMany: () => AppError;
};

/**
 * Parses a multipart/form-data body with multer, in memory, with limits on file size, file
 * count, field count and field size. Every parse failure (malformed body, limits, unknown file
 * field) becomes a 4xx AppError. Files land in `req.files` as multer gives them; read them with
 * `uploadedFiles(req)`.
 */
export function parseMultipart(options: MultipartOptions): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    limits: {
      fileSize: options.maxBytes,
      files: options.maxFiles,
      fields: 20,
      fieldSize: 16 * 1024,
      fieldNameSize: 100,
      parts: options.maxFiles + 20,
      headerPairs: 200,
    },
  }).array(options.field, options.maxFiles);

  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      next(toUploadError(err, options));
    });
  };
}

function toUploadError(err: unknown, options: MultipartOptions): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof multer.MulterError) {
    const { code, field } = err;
    const fileName = (err as { filename?: string }).filename ?? '';
    switch (code) {
      case 'LIMIT_FILE_SIZE':
        return options.tooLarge(fileName);
      case 'LIMIT_FILE_COUNT':
        return options.tooMany();
      case 'LIMIT_UNEXPECTED_FILE':
        return field === options.field
          ? options.tooMany()
          : new AppError('BAD_REQUEST', 'upload.unexpectedField', { field: field ?? '' });
      case 'LIMIT_FIELD_COUNT':
      case 'LIMIT_PART_COUNT':
        return new AppError('BAD_REQUEST', 'upload.tooManyFields');
      case 'LIMIT_FIELD_VALUE':
      case 'LIMIT_FIELD_KEY':
        return new AppError('BAD_REQUEST', 'upload.fieldTooLong');
      default:
        return new AppError('BAD_REQUEST', 'upload.malformed');
    }
  }
  // busboy's own errors (a malformed or truncated body, a bad boundary) are the client's.
  return new AppError('BAD_REQUEST', 'upload.malformed');
}

/** The files multer parsed, with the browser's names. */
export function uploadedFiles(files: unknown): UploadedFile[] {
  if (!Array.isArray(files)) return [];
  return (files as Express.Multer.File[]).map((file) => ({ fileName: file.originalname, bytes: file.buffer }));
}
