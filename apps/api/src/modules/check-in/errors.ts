import { CHECK_IN_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The check-in module's errors: HTTP status here; code, msgKey and text from the catalogue. */
export const checkInErrors = {
  /** No reward ladder or rules in the database: an operator's mistake, shown as product.md 8's check-in failure. */
  unavailable: () => new AppError(503, CHECK_IN_ERRORS.unavailable),
} as const;
