import { type ErrorEntry, TRANSPORT_ERRORS } from '@ojo/domain/error-catalogue';
import type { ErrorCode } from '@ojo/domain/error-codes';

/**
 * The one error type of the API layer: an HTTP status over an entry of the error catalogue
 * (@ojo/domain/error-catalogue), whose code and msgKey the web maps to its texts. Only catalogue entries are
 * accepted, so no module invents a code. The error handler turns it into the error envelope; `message` (the entry's
 * text unless given) is shown to API users, so it never carries internals.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly msgKey: string;

  constructor(
    readonly statusCode: number,
    entry: ErrorEntry,
    message: string = entry.text,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = entry.code;
    this.msgKey = entry.msgKey;
  }

  static badRequest(message: string, entry: ErrorEntry = TRANSPORT_ERRORS.badRequest): AppError {
    return new AppError(400, entry, message);
  }

  static unauthorized(message = 'A valid jwt_token header is required'): AppError {
    return new AppError(401, TRANSPORT_ERRORS.unauthorized, message);
  }

  static notFound(message: string): AppError {
    return new AppError(404, TRANSPORT_ERRORS.notFound, message);
  }

  static tooManyRequests(retryAfter: string): AppError {
    return new AppError(429, TRANSPORT_ERRORS.rateLimited, `Too many requests, retry in ${retryAfter}`);
  }
}
