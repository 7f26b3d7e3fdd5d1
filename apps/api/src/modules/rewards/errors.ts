import { FREE_REWARD_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The free rewards' errors: HTTP status over the catalogue's code and msgKey. */
export const freeRewardErrors = {
  /** A redemption would take OJO from free rewards that is still locked (422: nothing changed); says what is missing. */
  freeOjoLocked: (message: string) => new AppError(422, FREE_REWARD_ERRORS.freeOjoLocked, message),
} as const;
