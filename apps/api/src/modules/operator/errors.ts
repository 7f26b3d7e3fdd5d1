import { OPERATOR_ERRORS } from '@ojo/domain/error-catalogue';
import type { OperatorRole } from '@ojo/domain/operator/roles';
import { AppError } from '../../lib/errors';

/** The operator module's errors: HTTP status here; code, msgKey and text from the catalogue. */
export const operatorErrors = {
  /** 401: no operator token, an invalid, expired or player's one, or its session ended. */
  sessionRequired: (message = 'A valid operator token is required (Authorization: Bearer)') =>
    new AppError(401, OPERATOR_ERRORS.sessionRequired, message),
  notAllowed: (required: OperatorRole) =>
    new AppError(403, OPERATOR_ERRORS.notAllowed, `This call requires the ${required} role`),
  unknown: () => new AppError(401, OPERATOR_ERRORS.unknown),
  notFound: () => new AppError(404, OPERATOR_ERRORS.notFound),
  exists: () => new AppError(409, OPERATOR_ERRORS.exists),
  configuredOwner: () => new AppError(409, OPERATOR_ERRORS.configuredOwner),
  lastOwner: () => new AppError(409, OPERATOR_ERRORS.lastOwner),
} as const;
