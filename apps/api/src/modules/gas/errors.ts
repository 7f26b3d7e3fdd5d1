import { AppError } from '../../lib/errors';

/** Every refusal of `POST /contract/gas/policy`: code, msgKey and status in one place. */
const GAS_ERRORS = {
  noSmartAccount: { status: 403, code: 'GAS_NO_SMART_ACCOUNT', msgKey: 'gas.smart.account.required' },
  senderNotAllowed: { status: 403, code: 'GAS_SENDER_NOT_ALLOWED', msgKey: 'gas.sender.not.allowed' },
  senderNotProductAccount: {
    status: 403,
    code: 'GAS_SENDER_NOT_PRODUCT_ACCOUNT',
    msgKey: 'gas.sender.not.product.account',
  },
  callNotAllowed: { status: 403, code: 'GAS_CALL_NOT_ALLOWED', msgKey: 'gas.call.not.allowed' },
  factoryNotAllowed: { status: 403, code: 'GAS_FACTORY_NOT_ALLOWED', msgKey: 'gas.factory.not.allowed' },
  limitExceeded: { status: 400, code: 'GAS_LIMIT_EXCEEDED', msgKey: 'gas.cost.too.high' },
  feeTooHigh: { status: 400, code: 'GAS_FEE_TOO_HIGH', msgKey: 'gas.fee.too.high' },
  estimateFailed: { status: 400, code: 'GAS_ESTIMATE_FAILED', msgKey: 'gas.estimate.failed' },
  priceUnavailable: { status: 503, code: 'GAS_PRICE_UNAVAILABLE', msgKey: 'gas.price.unavailable' },
  bundlerUnavailable: { status: 503, code: 'GAS_BUNDLER_UNAVAILABLE', msgKey: 'gas.bundler.unavailable' },
  dailyLimit: { status: 429, code: 'GAS_DAILY_LIMIT', msgKey: 'gas.daily.limit' },
  tooManyPending: { status: 429, code: 'GAS_TOO_MANY_PENDING', msgKey: 'gas.pending.limit' },
  dailyBudget: { status: 429, code: 'GAS_DAILY_BUDGET', msgKey: 'gas.daily.budget' },
} as const;

export type GasErrorName = keyof typeof GAS_ERRORS;

export function gasError(name: GasErrorName, message: string): AppError {
  const { status, code, msgKey } = GAS_ERRORS[name];
  return new AppError(status, code, msgKey, message);
}

/** True when `error` is the gas refusal `name`. */
export function isGasError(error: unknown, ...names: GasErrorName[]): error is AppError {
  return error instanceof AppError && names.some((name) => GAS_ERRORS[name].code === error.code);
}
