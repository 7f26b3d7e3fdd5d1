import { BADGE_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The badge module's errors: HTTP status over the catalogue's code, msgKey and text (spec 8 badge rows). */
export const badgeErrors = {
  notFound: () => AppError.of(404, BADGE_ERRORS.notFound),
  notClaimable: () => AppError.of(409, BADGE_ERRORS.notClaimable),
  signerUnavailable: () => AppError.of(503, BADGE_ERRORS.signerUnavailable),
  notOwnAccount: () => AppError.of(403, BADGE_ERRORS.notOwnAccount),
  notOwnWallet: () => AppError.of(403, BADGE_ERRORS.notOwnWallet),
  faucetBusy: () => AppError.of(503, BADGE_ERRORS.faucetBusy),
  activityRequired: () => AppError.of(403, BADGE_ERRORS.activityRequired),
} as const;
