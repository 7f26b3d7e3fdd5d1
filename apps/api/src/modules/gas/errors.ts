import { GAS_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** Every refusal of `POST /contract/gas/policy`: its status, and its code, msgKey and text from the catalogue. */
const GAS_REFUSALS = {
  noSmartAccount: { status: 403, ...GAS_ERRORS.noSmartAccount },
  senderNotAllowed: { status: 403, ...GAS_ERRORS.senderNotAllowed },
  senderNotProductAccount: { status: 403, ...GAS_ERRORS.senderNotProductAccount },
  callNotAllowed: { status: 403, ...GAS_ERRORS.callNotAllowed },
  factoryNotAllowed: { status: 403, ...GAS_ERRORS.factoryNotAllowed },
  limitExceeded: { status: 400, ...GAS_ERRORS.limitExceeded },
  feeTooHigh: { status: 400, ...GAS_ERRORS.feeTooHigh },
  estimateFailed: { status: 400, ...GAS_ERRORS.estimateFailed },
  priceUnavailable: { status: 503, ...GAS_ERRORS.priceUnavailable },
  bundlerUnavailable: { status: 503, ...GAS_ERRORS.bundlerUnavailable },
  dailyLimit: { status: 429, ...GAS_ERRORS.dailyLimit },
  tooManyPending: { status: 429, ...GAS_ERRORS.tooManyPending },
  dailyBudget: { status: 429, ...GAS_ERRORS.dailyBudget },
  accountBudget: { status: 429, ...GAS_ERRORS.accountBudget },
  clientBudget: { status: 429, ...GAS_ERRORS.clientBudget },
  profileRequired: { status: 403, ...GAS_ERRORS.profileRequired },
  sessionKeyPolicy: { status: 403, ...GAS_ERRORS.sessionKeyPolicy },
  sessionKeyActive: { status: 409, ...GAS_ERRORS.sessionKeyActive },
  sessionKeyNotActive: { status: 409, ...GAS_ERRORS.sessionKeyNotActive },
  tooManyCalls: { status: 400, ...GAS_ERRORS.tooManyCalls },
} as const;

export type GasErrorName = keyof typeof GAS_REFUSALS;

export function gasError(name: GasErrorName, message: string): AppError {
  const { status, code, msgKey } = GAS_REFUSALS[name];
  return new AppError(status, code, msgKey, message);
}

/** True when `error` is the gas refusal `name`. */
export function isGasError(error: unknown, ...names: GasErrorName[]): error is AppError {
  return error instanceof AppError && names.some((name) => GAS_REFUSALS[name].code === error.code);
}
