import { COIN_ERRORS, WALLET_ERRORS } from '@ojo/domain/error-catalogue';
import { formatAmount } from '@ojo/domain/format/amount';
import { BUY_OJO_TEXT, REDEEM_TEXT } from '@ojo/domain/messages';
import { AppError } from '../../lib/errors';

/** The coin module's errors: HTTP status here; code, msgKey and text from the catalogue. */
export const coinErrors = {
  /** No current ETH price: nothing is quoted or paid at a stale price. */
  priceUnavailable: () => new AppError(503, COIN_ERRORS.priceUnavailable),
  smartAccountRequired: () => new AppError(403, WALLET_ERRORS.smartAccountRequired),
  /** Buying less than minQty or a quantity that is not whole (product.md 5 Buy OJO amount). */
  belowMinimum: (min: bigint) =>
    new AppError(400, COIN_ERRORS.belowMinimum, BUY_OJO_TEXT.minimumAmount(formatAmount(min))),
  /** Buying more than maxQty in one order (COIN_MAX_QTY), whatever the number's length. */
  aboveMaximum: (max: bigint) =>
    new AppError(400, COIN_ERRORS.aboveMaximum, BUY_OJO_TEXT.maximumAmount(formatAmount(max))),
  /** More unpaid, unexpired orders than COIN_MAX_OPEN_ORDERS (nothing created). */
  tooManyOpenOrders: () => new AppError(422, COIN_ERRORS.tooManyOpenOrders),
  unknownPackage: () => AppError.notFound('There is no such package'),
  /** Cancelling an order that is not the player's or not there. */
  orderNotFound: () => new AppError(404, COIN_ERRORS.orderNotFound),
  /** Cancelling an order that is paid, being confirmed or closed. */
  orderNotCancellable: () => new AppError(409, COIN_ERRORS.orderNotCancellable),
  /** No receipt address configured and no treasury to default to. */
  notConfigured: () => new AppError(503, COIN_ERRORS.notConfigured),
  /** product.md 5 Redeem system errors and input errors (422: nothing changed). */
  withdrawBelowMin: (min: bigint) =>
    new AppError(422, COIN_ERRORS.withdrawBelowMin, REDEEM_TEXT.minRedeem(formatAmount(min))),
  /** More than product.md 5's maximum: the lower of (balance minus fixedLeft) and (daily amount minus achieved). */
  withdrawAboveMax: (max: bigint) =>
    new AppError(422, COIN_ERRORS.withdrawAboveMax, REDEEM_TEXT.maxRedeem(formatAmount(max))),
  withdrawDailyReached: () => new AppError(422, COIN_ERRORS.withdrawDailyReached),
  withdrawTradeLimit: (n: bigint) =>
    new AppError(422, COIN_ERRORS.withdrawTradeLimit, REDEEM_TEXT.requireTotalBet(formatAmount(n))),
  withdrawBalance: () => new AppError(422, COIN_ERRORS.withdrawBalance),
  /** Pays nothing: under 1 wei, or OJO that was never bought while no purchase has set a rate for it. */
  withdrawTooSmall: () => new AppError(422, COIN_ERRORS.withdrawTooSmall),
  /** product.md 8 'Cancel redeem, code 1109'. */
  withdrawNotFound: () => new AppError(404, COIN_ERRORS.withdrawNotFound),
  /** Already being paid, paid, failed or cancelled: product.md 8 'other failure'. */
  withdrawNotCancellable: () => new AppError(409, COIN_ERRORS.withdrawNotCancellable),
} as const;
