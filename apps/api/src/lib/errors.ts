import { type TransportErrorCode, transportErrorCodes } from '@ojo/api-contract/envelope';
import type { ErrorEntry } from '@ojo/domain/error-catalogue';

/**
 * The one error type of the API layer: an HTTP status, a code (a transport code or one of the spec's own codes such
 * as '1116' or 'HANDLE_TAKEN') and a msgKey the web app maps to its message catalogue. The error handler turns it
 * into the error envelope; `message` is shown to API users, so it never carries internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TransportErrorCode | (string & {}),
    readonly msgKey: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** An error of the catalogue (@ojo/domain/error-catalogue): its code and msgKey, with its text unless given. */
  static of(statusCode: number, entry: ErrorEntry, message: string = entry.text): AppError {
    return new AppError(statusCode, entry.code, entry.msgKey, message);
  }

  static badRequest(message: string, msgKey = 'request.invalid'): AppError {
    return new AppError(400, transportErrorCodes.badRequest, msgKey, message);
  }

  static unauthorized(message = 'A valid jwt_token header is required'): AppError {
    return new AppError(401, transportErrorCodes.unauthorized, 'auth.unauthorized', message);
  }

  static notFound(message: string): AppError {
    return new AppError(404, transportErrorCodes.notFound, 'request.not.found', message);
  }

  static tooManyRequests(retryAfter: string): AppError {
    return new AppError(
      429,
      transportErrorCodes.tooManyRequests,
      'request.rate.limited',
      `Too many requests, retry in ${retryAfter}`,
    );
  }
}
