import { HISTORY_PAGE_SIZE, WITHDRAW_HISTORY_DEFAULTS } from '@ojo/domain/constants';
import { ORDER_STATES } from '@ojo/domain/enums';
import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

/**
 * The coin calls of product.md 7 ("Game and coin": buying OJO with ETH, redeeming it back; data envelope). Whole
 * OJO quantities and wei are integer strings; ETH amounts are decimal strings.
 */

const wholeString = z.string().max(MAX.decimal).regex(/^\d+$/);
const decimalString = z
  .string()
  .max(MAX.decimal)
  .regex(/^\d+(\.\d+)?$/);
const hash32 = z
  .string()
  .max(MAX.hash)
  .regex(/^0x[0-9a-fA-F]{64}$/);
const address = z
  .string()
  .max(MAX.address)
  .regex(/^0x[0-9a-fA-F]{40}$/);
/** A redemption id: a PostgreSQL bigint, so at most 18 digits (a longer one is a 400, not a database error). */
const withdrawId = z
  .string()
  .max(MAX.key)
  .regex(/^\d{1,18}$/);
/** The end of year 9999 (ms since the epoch): a later start time is a 400, not an invalid date or a database error. */
const MAX_DATE_MS = 253_402_300_799_999;

/** product.md 3 'Coin config: minQty, tokenConfigs with an ETH entry holding price' (price: OJO per 1 ETH). */
export const coinConfig = z.object({
  minQty: wholeString,
  /** The most OJO one order buys. */
  maxQty: wholeString,
  tokenConfigs: z
    .array(z.object({ symbol: z.literal('ETH'), price: decimalString, stale: z.boolean() }))
    .max(MAX.list),
  /** Where payments go (native ETH with the order id as call data). */
  receiptAddress: address,
  chainId: z.number().int(),
  /** How long an order's quote is held. */
  quoteHoldSeconds: z.number().int(),
});
export type CoinConfigDto = z.infer<typeof coinConfig>;

/** GET /coin/configs (public). */
export const coinConfigsRoute = defineRoute({
  method: 'GET',
  path: '/coin/configs',
  host: 'game',
  secure: false,
  summary: 'Buying OJO: the least one order buys and the ETH price (OJO per ETH)',
  tags: ['coin'],
  result: coinConfig,
  errorStatuses: [503],
});

/** product.md 3 'Coin discounts: list of packages, each with an id.' */
export const coinPackage = z.object({
  id: z.string().max(MAX.key),
  baseQty: wholeString,
  /** Percent off the list price. */
  discount: z.number().int(),
  /** The price now, in ETH (after the discount), and the list price. */
  quoteQty: decimalString,
  listQuoteQty: decimalString,
});
export type CoinPackageDto = z.infer<typeof coinPackage>;

/** GET /coin/discounts (public; product.md 7: 'response data.discounts'). */
export const coinDiscountsRoute = defineRoute({
  method: 'GET',
  path: '/coin/discounts',
  host: 'game',
  secure: false,
  summary: 'Buying OJO: the discount packages at the current price',
  tags: ['coin'],
  result: z.object({ discounts: z.array(coinPackage).max(MAX.list) }),
  errorStatuses: [503],
});

/** product.md 7 POST /coin/orders: 'either base OJO, quote ETH, baseQty, or a packageId'. */
export const coinOrderBody = z.union([
  z.object({
    base: z.literal('OJO'),
    quote: z.literal('ETH'),
    // Any whole number, past 2^53 too: the handler answers 'Maximum amount: {max}' for one above COIN_MAX_QTY.
    baseQty: z.union([wholeString, z.number().refine(Number.isInteger, 'must be a whole number')]),
  }),
  z.object({ packageId: z.string().min(1).max(64) }),
]);

/** product.md 3 'Coin order: orderId, quoteQty', plus how to pay it. */
export const coinOrder = z.object({
  orderId: z.string().max(MAX.key).uuid(),
  baseQty: wholeString,
  quoteQty: decimalString,
  quoteWei: wholeString,
  receiptAddress: address,
  /** The payment's call data: the order id. */
  callData: z
    .string()
    .max(MAX.blob)
    .regex(/^0x[0-9a-f]+$/),
  expiresAt: z.number().int(),
});
export type CoinOrderDto = z.infer<typeof coinOrder>;

export const createCoinOrderRoute = defineRoute({
  method: 'POST',
  path: '/coin/orders',
  host: 'game',
  secure: true,
  summary: 'Places an order to buy OJO with ETH at a quote held for a while',
  tags: ['coin'],
  body: coinOrderBody,
  result: coinOrder,
  errorStatuses: [403, 404, 409, 503],
});

/** product.md 3's order states, and 'refunded': the order was never credited and the ETH paid for it was sent back. */
export const COIN_HISTORY_STATES = [...ORDER_STATES, 'refunded'] as const;

/**
 * ETH sent for an order that bought nothing (late, short, a second payment, an order closed) or above its quote,
 * sent back less the refund's gas. pending: not sent yet; sent: `txHash` paid it back; kept: smaller than its gas;
 * failed: an operator looks at it.
 */
export const coinRefund = z.object({
  status: z.enum(['pending', 'sent', 'kept', 'failed']),
  reason: z.string().max(MAX.text),
  /** ETH sent back (after gas), once priced. */
  amount: decimalString.nullable(),
  txHash: hash32.nullable(),
});

/** One order in the coin history. */
export const coinHistoryItem = z.object({
  orderId: z.string().max(MAX.key).uuid(),
  baseQty: wholeString,
  quoteQty: decimalString,
  /** The quote in wei: what paying the order now sends (while `expiresAt` has not passed). */
  quoteWei: wholeString,
  /** When the quote runs out (ms since the epoch): a payment mined later is refunded. */
  expiresAt: z.number().int(),
  packageId: z.string().max(MAX.key).nullable(),
  state: z.enum(COIN_HISTORY_STATES),
  /** The player's payment. */
  txHash: hash32.nullable(),
  /** The latest refund of ETH paid for this order, if any. */
  refund: coinRefund.nullable(),
  created: z.number().int(),
});
export type CoinHistoryItem = z.infer<typeof coinHistoryItem>;

export const coinHistoriesQuery = z.object({
  from: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
});

/** GET /coin/histories (secure): the player's orders, newest first. */
export const coinHistoriesRoute = defineRoute({
  method: 'GET',
  path: '/coin/histories',
  host: 'game',
  secure: true,
  summary: "The session player's OJO purchases, newest first",
  tags: ['coin'],
  query: coinHistoriesQuery,
  result: z.object({ histories: z.array(coinHistoryItem).max(HISTORY_PAGE_SIZE) }),
});

const requireCheck = z.object({ require: wholeString });
const progressCheck = z.object({ require: wholeString, achieved: wholeString });

/** product.md 3 Withdraw info, plus the OJO balance and the price a redeem is paid at now. */
export const withdrawInfo = z.object({
  conditions: z.object({
    minAmountCheck: requireCheck,
    dailyAmountCheck: progressCheck,
    dailyCountCheck: progressCheck,
    tradeLimit: progressCheck,
  }),
  trial: wholeString,
  fixedLeft: wholeString,
  balance: wholeString,
  /** The mid price now, OJO per ETH (buying is at this price; redeeming at the bid, `spreadBps` below it). */
  price: decimalString,
  /**
   * What a redemption of any amount pays, with `redeemEthOut` (packages/domain coin/redeem): bought OJO at the bid
   * but never above what it cost (`costBasis`: the caller's bought OJO still held and its cost in wei), won OJO at
   * the lower of the bid and `lowestPaid` (the cheapest wei per OJO any order paid; null: won OJO pays nothing).
   */
  redeem: z.object({
    spreadBps: z.number().int().min(0),
    costBasis: z.object({ qty: wholeString, wei: wholeString }),
    lowestPaid: z.object({ qty: wholeString, wei: wholeString }).nullable(),
  }),
  /**
   * docs/economy.md: OJO from free rewards (check-in, tasks) that cannot be redeemed yet (`locked`, 0 when none), and
   * the conditions that unlock it: a profile, the account's age in days, the OJO really bet in races.
   */
  freeOjoLock: z.object({
    locked: wholeString,
    hasProfile: z.boolean(),
    accountDays: progressCheck,
    bet: progressCheck,
  }),
});
export type WithdrawInfoDto = z.infer<typeof withdrawInfo>;

export const withdrawInfoRoute = defineRoute({
  method: 'GET',
  path: '/coin/withdraw/info',
  host: 'game',
  secure: true,
  summary: "The session player's redeem limits and how much of today's is used",
  tags: ['coin'],
  result: withdrawInfo,
  errorStatuses: [403, 503],
});

export const WITHDRAW_STATUSES = ['PENDING', 'FINISHED', 'FAILED', 'CANCELLED'] as const;

/** One redemption. */
export const withdrawItem = z.object({
  id: wholeString,
  amount: wholeString,
  /** ETH paid (or to pay), a decimal. */
  ethAmount: decimalString,
  status: z.enum(WITHDRAW_STATUSES),
  txHash: hash32.nullable(),
  created: z.number().int(),
  /** Whether DELETE may still cancel it (pending and not yet being paid). */
  cancellable: z.boolean(),
});
export type WithdrawItem = z.infer<typeof withdrawItem>;

/** POST /coin/withdraws (secure): redeem `amount` OJO; the OJO leaves the balance at once. */
export const createWithdrawRoute = defineRoute({
  method: 'POST',
  path: '/coin/withdraws',
  host: 'game',
  secure: true,
  summary: 'Redeems OJO to ETH: the OJO is taken now, the ETH paid by the treasury shortly',
  tags: ['coin'],
  body: z.object({
    amount: z.union([
      z.string().max(MAX.decimal).regex(/^\d+$/, 'must be a whole number of OJO (digits only)'),
      z.number().int().positive(),
    ]),
  }),
  result: withdrawItem,
  errorStatuses: [403, 409, 422, 503],
});

/** POST /coin/withdraw/ids (secure): the player's redemptions with these ids (a screen refreshing its rows). */
export const withdrawsByIdsRoute = defineRoute({
  method: 'POST',
  path: '/coin/withdraw/ids',
  host: 'game',
  secure: true,
  summary: "The session player's redemptions with the given ids",
  tags: ['coin'],
  body: z.object({ ids: z.array(withdrawId).max(100) }),
  result: z.array(withdrawItem).max(MAX.list),
});

/** product.md 3 'Withdraw history query: status, startTime, limit, from'; product.md 9 defaults limit 20, from 0. */
export const withdrawListQuery = z.object({
  status: z.enum(WITHDRAW_STATUSES).optional(),
  startTime: z.coerce.number().int().min(0).max(MAX_DATE_MS).default(WITHDRAW_HISTORY_DEFAULTS.startTimeMs),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_SIZE).default(WITHDRAW_HISTORY_DEFAULTS.limit),
  from: z.coerce.number().int().min(0).max(10_000).default(WITHDRAW_HISTORY_DEFAULTS.from),
});

/** GET /coin/withdraws/list (secure; product.md 7: 'from, limit 20, response data list'). */
export const withdrawListRoute = defineRoute({
  method: 'GET',
  path: '/coin/withdraws/list',
  host: 'game',
  secure: true,
  summary: "The session player's redemptions, newest first",
  tags: ['coin'],
  query: withdrawListQuery,
  result: z.array(withdrawItem).max(HISTORY_PAGE_SIZE),
});

/** DELETE /coin/withdraws/{id} (secure; product.md 7 'response success, code'; 1109 when there is no such order). */
export const cancelWithdrawRoute = defineRoute({
  method: 'DELETE',
  path: '/coin/withdraws/:id',
  host: 'game',
  secure: true,
  summary: 'Cancels a pending redemption and gives the OJO back',
  tags: ['coin'],
  params: z.object({ id: withdrawId }),
  result: withdrawItem,
  errorStatuses: [404, 409],
});

/** An order id: a UUID (anything else is a 400, not a database error). */
const orderId = z.string().max(MAX.key).uuid();

/**
 * DELETE /coin/orders/{id} (secure): cancels the player's unpaid order. It no longer counts towards the unpaid
 * orders a player may hold, and ETH paid for it later is refunded, never credited. Not the player's or not there:
 * 404; paid, being confirmed or closed already: 409.
 */
export const cancelCoinOrderRoute = defineRoute({
  method: 'DELETE',
  path: '/coin/orders/:id',
  host: 'game',
  secure: true,
  summary: 'Cancels an unpaid order; ETH paid for it afterwards is refunded',
  tags: ['coin'],
  params: z.object({ id: orderId }),
  result: coinHistoryItem,
  errorStatuses: [404, 409],
});

/** Every coin call (the path check and OpenAPI list them). */
export const COIN_ROUTES = [
  coinConfigsRoute,
  coinDiscountsRoute,
  createCoinOrderRoute,
  cancelCoinOrderRoute,
  coinHistoriesRoute,
  withdrawInfoRoute,
  createWithdrawRoute,
  withdrawsByIdsRoute,
  withdrawListRoute,
  cancelWithdrawRoute,
] as const;
