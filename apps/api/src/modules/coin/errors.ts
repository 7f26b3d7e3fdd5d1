import { transportErrorCodes } from '@ojo/api-contract/envelope';
import { COIN_ERRORS } from '@ojo/domain/error-catalogue';
import { ERROR_CODES } from '@ojo/domain/error-codes';
import { formatAmount } from '@ojo/domain/format/amount';
import { BUY_OJO_TEXT, REDEEM_TEXT } from '@ojo/domain/messages';
import { AppError } from '../../lib/errors';

/** The coin module's errors: code, msgKey, HTTP status and text, in one place. */
export const coinErrors = {
  /** No current ETH price: nothing is quoted or paid at a stale price. */
  priceUnavailable: () =>
    new AppError(
      503,
      'COIN_PRICE_UNAVAILABLE',
      'coin.price.unavailable',
      'The ETH price is not available now',
    ),
  smartAccountRequired: () =>
    new AppError(
      403,
      'SMART_ACCOUNT_REQUIRED',
      'wallet.smart.account.required',
      'Bind a smart account first',
    ),
  /** Buying less than minQty or a quantity that is not whole (spec 5 Buy OJO amount). */
  belowMinimum: (min: bigint) =>
    new AppError(
      400,
      transportErrorCodes.badRequest,
      'coin.order.below.min',
      BUY_OJO_TEXT.minimumAmount(formatAmount(min)),
    ),
  /** Buying more than maxQty in one order (COIN_MAX_QTY), whatever the number's length. */
  aboveMaximum: (max: bigint) =>
    new AppError(
      400,
      transportErrorCodes.badRequest,
      'coin.order.above.max',
      BUY_OJO_TEXT.maximumAmount(formatAmount(max)),
    ),
  /** More unpaid, unexpired orders than COIN_MAX_OPEN_ORDERS (nothing created). */
  tooManyOpenOrders: () =>
    new AppError(
      422,
      'COIN_TOO_MANY_OPEN_ORDERS',
      COIN_ERRORS.tooManyOpenOrders.msgKey,
      COIN_ERRORS.tooManyOpenOrders.text,
    ),
  unknownPackage: () => AppError.notFound('There is no such package'),
  /** Cancelling an order that is not the player's or not there. */
  orderNotFound: () =>
    new AppError(
      404,
      COIN_ERRORS.orderNotFound.code,
      COIN_ERRORS.orderNotFound.msgKey,
      COIN_ERRORS.orderNotFound.text,
    ),
  /** Cancelling an order that is paid, being confirmed or closed. */
  orderNotCancellable: () =>
    new AppError(
      409,
      COIN_ERRORS.orderNotCancellable.code,
      COIN_ERRORS.orderNotCancellable.msgKey,
      COIN_ERRORS.orderNotCancellable.text,
    ),
  /** No receipt address configured and no treasury to default to. */
  notConfigured: () =>
    new AppError(
      503,
      transportErrorCodes.serviceUnavailable,
      'coin.not.configured',
      'Buying OJO is not available',
    ),
  /** spec 5 Redeem system errors and input errors (422: nothing changed). */
  withdrawBelowMin: (min: bigint) =>
    new AppError(
      422,
      'WITHDRAW_BELOW_MIN',
      'coin.withdraw.below.min',
      REDEEM_TEXT.minRedeem(formatAmount(min)),
    ),
  /** More than spec 5's maximum: the lower of (balance minus fixedLeft) and (daily amount minus achieved). */
  withdrawAboveMax: (max: bigint) =>
    new AppError(
      422,
      'WITHDRAW_ABOVE_MAX',
      'coin.withdraw.above.max',
      REDEEM_TEXT.maxRedeem(formatAmount(max)),
    ),
  withdrawDailyReached: () =>
    new AppError(422, 'WITHDRAW_DAILY_REACHED', 'coin.withdraw.daily.reached', REDEEM_TEXT.maxReachedToday),
  withdrawTradeLimit: (n: bigint) =>
    new AppError(
      422,
      'WITHDRAW_TRADE_LIMIT',
      'coin.withdraw.trade.limit',
      REDEEM_TEXT.requireTotalBet(formatAmount(n)),
    ),
  withdrawBalance: () =>
    new AppError(
      422,
      'WITHDRAW_INSUFFICIENT_BALANCE',
      'coin.withdraw.balance',
      REDEEM_TEXT.insufficientBalance,
    ),
  /** Pays nothing: under 1 wei, or OJO that was never bought while no purchase has set a rate for it. */
  withdrawTooSmall: () =>
    new AppError(422, 'WITHDRAW_TOO_SMALL', 'coin.withdraw.too.small', 'This amount redeems for nothing'),
  /** spec 8 'Cancel redeem, code 1109'. */
  withdrawNotFound: () =>
    new AppError(404, ERROR_CODES.ORDER_NOT_FOUND, 'coin.withdraw.not.found', REDEEM_TEXT.orderNotFound),
  /** Already being paid, paid, failed or cancelled: spec 8 'other failure'. */
  withdrawNotCancellable: () =>
    new AppError(409, '1110', 'coin.withdraw.not.cancellable', REDEEM_TEXT.cancelFailed),
} as const;
