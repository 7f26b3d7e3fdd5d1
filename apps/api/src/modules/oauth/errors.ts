import { OAUTH_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The oauth module's errors (POST /customer/login/oauth): HTTP status and message here; code and msgKey from the catalogue. */
export const oauthErrors = {
  providerDisabled: (displayName: string) =>
    new AppError(400, OAUTH_ERRORS.providerDisabled, `Login with ${displayName} is not configured`),
  redirectUriNotAllowed: (allowed: readonly string[]) =>
    new AppError(
      400,
      OAUTH_ERRORS.redirectUriNotAllowed,
      `redirectUri must be one of: ${allowed.join(', ')}`,
    ),
  /** The provider did not answer, or answered what we cannot use: not the player's fault. */
  providerUnavailable: (provider: string, why: string) =>
    new AppError(502, OAUTH_ERRORS.providerUnavailable, `${provider}: ${why}`),
  idTokenInvalid: (why: string) =>
    new AppError(401, OAUTH_ERRORS.idTokenInvalid, `The id token is invalid: ${why}`),
  codeRejected: (message: string) => new AppError(401, OAUTH_ERRORS.codeRejected, message),
  accountNotFound: (provider: string) =>
    new AppError(
      403,
      OAUTH_ERRORS.accountNotFound,
      `No old account belongs to this ${provider} identity; new players log in with a smart account`,
    ),
  /** product.md 8 'Login, cause code 5115': the web opens the warning popup. */
  oldLoginLocked: () =>
    new AppError(
      403,
      OAUTH_ERRORS.oldLoginLocked,
      'The old login of this account is locked; contact support',
    ),
} as const;
