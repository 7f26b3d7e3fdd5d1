import { ERROR_CODES } from '@ojo/domain/error-codes';

/**
 * Thrown by a job handler when trying again cannot help (the handle is taken on chain, the transaction reverted):
 * the job fails at once and its definition's `onFailed` records `code` where the player sees it.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The code a failure is recorded with: a permanent error's own, else the generic TRANSACTION_FAILED. */
export function failureCodeOf(error: unknown): string {
  return error instanceof PermanentJobError ? error.code : ERROR_CODES.TRANSACTION_FAILED;
}
