import { SIGN_IN_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The session module's errors: HTTP status here; code, msgKey and text from the catalogue. */
export const sessionErrors = {
  /** 401 for a sign-in that logout ended, that reached its limit, or whose id names another user's session. */
  ended: () => new AppError(401, SIGN_IN_ERRORS.sessionEnded),
} as const;
