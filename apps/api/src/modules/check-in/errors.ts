import { TASK_TEXT } from '@ojo/domain/messages';
import { AppError } from '../../lib/errors';

/** The check-in module's errors: code, msgKey, HTTP status and text, in one place. */
export const checkInErrors = {
  /** No reward ladder or rules in the database: an operator's mistake, shown as spec 8's check-in failure. */
  unavailable: () => new AppError(503, 'CHECKIN_UNAVAILABLE', 'checkin.unavailable', TASK_TEXT.checkInFailed),
} as const;
