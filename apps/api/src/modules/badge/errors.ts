import { BADGE_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The badge module's errors: HTTP status over the catalogue's code, msgKey and text (product.md 8 badge rows). */
export const badgeErrors = {
  notFound: () => new AppError(404, BADGE_ERRORS.notFound),
  notClaimable: () => new AppError(409, BADGE_ERRORS.notClaimable),
  signerUnavailable: () => new AppError(503, BADGE_ERRORS.signerUnavailable),
  notOwnAccount: () => new AppError(403, BADGE_ERRORS.notOwnAccount),
  notOwnWallet: () => new AppError(403, BADGE_ERRORS.notOwnWallet),
  faucetBusy: () => new AppError(503, BADGE_ERRORS.faucetBusy),
  activityRequired: () => new AppError(403, BADGE_ERRORS.activityRequired),
} as const;
