import { GAS_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** Every refusal of `POST /contract/gas/policy`: its status, over its catalogue entry (code, msgKey and text). */
const GAS_REFUSALS = {
  noSmartAccount: { status: 403, entry: GAS_ERRORS.noSmartAccount },
  senderNotAllowed: { status: 403, entry: GAS_ERRORS.senderNotAllowed },
  senderNotProductAccount: { status: 403, entry: GAS_ERRORS.senderNotProductAccount },
  callNotAllowed: { status: 403, entry: GAS_ERRORS.callNotAllowed },
  factoryNotAllowed: { status: 403, entry: GAS_ERRORS.factoryNotAllowed },
  limitExceeded: { status: 400, entry: GAS_ERRORS.limitExceeded },
  feeTooHigh: { status: 400, entry: GAS_ERRORS.feeTooHigh },
  estimateFailed: { status: 400, entry: GAS_ERRORS.estimateFailed },
  priceUnavailable: { status: 503, entry: GAS_ERRORS.priceUnavailable },
  bundlerUnavailable: { status: 503, entry: GAS_ERRORS.bundlerUnavailable },
  dailyLimit: { status: 429, entry: GAS_ERRORS.dailyLimit },
  tooManyPending: { status: 429, entry: GAS_ERRORS.tooManyPending },
  dailyBudget: { status: 429, entry: GAS_ERRORS.dailyBudget },
  accountBudget: { status: 429, entry: GAS_ERRORS.accountBudget },
  clientBudget: { status: 429, entry: GAS_ERRORS.clientBudget },
  profileRequired: { status: 403, entry: GAS_ERRORS.profileRequired },
  sessionKeyPolicy: { status: 403, entry: GAS_ERRORS.sessionKeyPolicy },
  sessionKeyActive: { status: 409, entry: GAS_ERRORS.sessionKeyActive },
  sessionKeyNotActive: { status: 409, entry: GAS_ERRORS.sessionKeyNotActive },
  tooManyCalls: { status: 400, entry: GAS_ERRORS.tooManyCalls },
} as const;

export type GasErrorName = keyof typeof GAS_REFUSALS;

export function gasError(name: GasErrorName, message: string): AppError {
  const { status, entry } = GAS_REFUSALS[name];
  return new AppError(status, entry, message);
}

/** True when `error` is the gas refusal `name`. */
export function isGasError(error: unknown, ...names: GasErrorName[]): error is AppError {
  return error instanceof AppError && names.some((name) => GAS_REFUSALS[name].entry.code === error.code);
}
