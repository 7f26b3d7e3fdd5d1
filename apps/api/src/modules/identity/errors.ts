import { SIGN_IN_ERRORS, TRANSPORT_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The SIWE checks after the message parses; each fails as its own msgKey under the code SIWE_REFUSED. */
export type SiweRefusal =
  | 'siweDomainMismatch'
  | 'siweUriMismatch'
  | 'siweChainMismatch'
  | 'siweIssuedAtInvalid'
  | 'siweExpirationRequired'
  | 'siweExpired'
  | 'siweNotYetValid'
  | 'siweNonceInvalid'
  | 'siweSignatureInvalid'
  | 'siweAccountNotProduct';

/** The identity module's errors: 400 for a message that does not parse, 401 for everything that fails a check. */
export const identityErrors = {
  siweInvalid: () =>
    new AppError(400, SIGN_IN_ERRORS.siweMessageInvalid, 'The message is not a valid EIP-4361 message'),
  siweRefused: (check: SiweRefusal, message: string) => new AppError(401, SIGN_IN_ERRORS[check], message),
  chainUnavailable: () => new AppError(503, TRANSPORT_ERRORS.chainUnavailable, 'The chain is not reachable'),
  idTokenInvalid: () =>
    new AppError(401, SIGN_IN_ERRORS.idTokenInvalid, 'The id token is invalid or expired'),
  /** The id token's sign-in reached its limit or was ended (product.md 4). */
  sessionExpired: () => new AppError(401, SIGN_IN_ERRORS.idTokenSessionExpired),
} as const;
