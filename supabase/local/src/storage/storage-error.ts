// Storage API error bodies: `{statusCode, code, error, message}`. Like storage-api, every non-500
// error answers HTTP 400 and carries the "real" status inside `statusCode` (storage-api's error handler).
import type { Context } from 'hono';
import { HttpError } from '../http/http-error.ts';
import { JwtError } from '../keys.ts';

export class StorageError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly error: string;

  constructor(statusCode: number, code: string, error: string, message: string) {
    super(message);
    this.name = 'StorageError';
    this.statusCode = statusCode;
    this.code = code;
    this.error = error;
  }
}

export const storageErrors = {
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  bucketExists: () => new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  objectExists: () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  accessDenied: (message = 'new row violates row-level security policy') => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidJwt: (message: string) => new StorageError(403, 'InvalidJWT', 'Unauthorized', message),
  tooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMime: (mime: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  /** Ours: the bytes do not carry the signature of the declared type (storage-api trusts the label). */
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'Invalid Input', message),
  /** A signed-URL token that does not verify (storage-api wraps jsonwebtoken's message: `jwt expired`, `invalid signature`, `jwt malformed`). */
  invalidTokenJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  signatureExpired: () => new StorageError(400, 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.'),
  /** storage-api's ERRORS.InvalidParameter: note its code is MissingParameter. */
  invalidParameter: (name: string) => new StorageError(400, 'MissingParameter', 'MissingParameter', `Invalid Parameter ${name}`),
  bucketNotEmpty: () => new StorageError(409, 'InvalidRequest', 'Bucket not empty', 'The bucket you tried to delete is not empty'),
  notImage: () => new StorageError(400, 'InvalidRequest', 'Invalid Input', 'The object is not an image that can be transformed'),
};

interface PgLikeError {
  code?: unknown;
  message?: unknown;
}

/** Maps anything thrown inside a storage handler to a StorageError (Postgres SQLSTATEs included). */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof JwtError) return storageErrors.invalidJwt(error.code === 'expired' ? 'jwt expired' : error.message);
  if (error instanceof HttpError) {
    if (error.reason === 'no_api_key' || error.reason === 'invalid_api_key') return new StorageError(error.status, 'InvalidJWT', 'Unauthorized', error.message);
    if (error.reason === 'expired') return storageErrors.invalidJwt('jwt expired');
    return storageErrors.invalidJwt(error.message);
  }
  const pg = error as PgLikeError;
  const message = typeof pg?.message === 'string' ? pg.message : String(error);
  switch (pg?.code) {
    case '42501':
      return storageErrors.accessDenied(message);
    case '23505':
      return storageErrors.objectExists();
    case '23503':
      return storageErrors.noSuchBucket();
    case '22P02':
    case '22023':
    case '23514':
      return storageErrors.invalidRequest(message);
    default:
      return new StorageError(500, 'InternalError', 'Internal', message);
  }
}

export function storageErrorResponse(c: Context, error: unknown): Response {
  const storageError = toStorageError(error);
  if (storageError.statusCode >= 500) console.error('[storage]', error);
  // The API key gateway answers 401 itself (hosted Kong); everything else follows storage-api's 400 rule.
  const httpStatus = storageError.statusCode >= 500 ? 500 : storageError.statusCode === 401 ? 401 : 400;
  return c.json(
    { statusCode: String(storageError.statusCode), code: storageError.code, error: storageError.error, message: storageError.message },
    httpStatus,
  );
}
