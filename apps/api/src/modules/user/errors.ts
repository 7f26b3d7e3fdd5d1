import { SIGN_IN_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The user module's errors: HTTP status and message here; code and msgKey from the catalogue. */
export const userErrors = {
  /** 409 when the smart account (as osp_aa or as any user's address row) belongs to another user. */
  publicKeyAlreadyBound: () =>
    new AppError(
      409,
      SIGN_IN_ERRORS.publicKeyAlreadyBound,
      'This smart account already belongs to another user',
    ),
  subjectMismatch: () =>
    new AppError(401, SIGN_IN_ERRORS.idTokenSubjectMismatch, 'The id token belongs to another account'),
  notFound: () => new AppError(404, SIGN_IN_ERRORS.userNotFound, 'No user has this account'),
  alreadyBound: () => new AppError(409, SIGN_IN_ERRORS.alreadyBound, 'This user already has a smart account'),
} as const;
