import { DEFAULT_REDEEM_SPREAD_BPS } from '@ojo/domain/coin/redeem-payout';
import { z } from 'zod';

const whole = z.string().regex(/^\d{1,30}$/, 'must be a whole number');
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * Discount packages: `id:baseQty:percent` entries separated by commas (e.g. `p1:100:0,p2:500:5`): `baseQty` OJO
 * for the list price less `percent` %.
 */
const packageList = z.string().transform((value, context) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const packages: CoinPackageConfig[] = [];
  for (const entry of entries) {
    const match = /^([A-Za-z0-9_-]{1,32}):(\d{1,20}):(\d{1,2})$/.exec(entry);
    if (!match || BigInt(match[2] as string) === 0n) {
      context.addIssue({ code: 'custom', message: `not a package 'id:baseQty:percent': ${entry}` });
      return z.NEVER;
    }
    packages.push({
      id: match[1] as string,
      baseQty: BigInt(match[2] as string),
      discount: Number(match[3]),
    });
  }
  return packages;
});

/** The coin module's variables (docs/configuration.md): buying OJO and redeeming it. */
export const coinEnv = {
  COIN_RECEIPT_ADDRESS: optionalString
    .pipe(
      z
        .string()
        .regex(/^0x[0-9a-fA-F]{40}$/)
        .optional(),
    )
    .describe(
      "where players pay for OJO (ETH with the order id as call data); unset: the treasury's address",
    ),
  COIN_TREASURY_PRIVATE_KEY: optionalString
    .pipe(
      z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
        .optional(),
    )
    .describe('the key redemptions and refunds are paid from; unset: API_SIGNER_PRIVATE_KEY'),
  COIN_QUOTE_HOLD_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(60)
    .describe(
      "how long an order's quote holds by block time; a payment mined later is refunded, never credited",
    ),
  COIN_CONFIRMATIONS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(0)
    .describe(
      "blocks on top of a payment before it is credited or refunded; set above the chain's reorganisation depth in production",
    ),
  COIN_MIN_QTY: whole.default('10').describe('the least OJO one order buys'),
  COIN_MAX_QTY: whole.default('1000000').describe('the most OJO one order buys'),
  COIN_DISCOUNTS: packageList
    .default([
      { id: 'starter', baseQty: 100n, discount: 0 },
      { id: 'player', baseQty: 500n, discount: 5 },
      { id: 'pro', baseQty: 2000n, discount: 10 },
    ])
    .describe('the packages, as id:baseQty:percentOff, comma separated'),
  COIN_MAX_OPEN_ORDERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(5)
    .describe('unpaid, unexpired orders a player may hold at once (then COIN_TOO_MANY_OPEN_ORDERS)'),
  COIN_WATCH_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(600_000)
    .default(2000)
    .describe('how often the payment watcher (one node, under a lease) looks for unreported payments'),
  COIN_REDEEM_SPREAD_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(9_999)
    .default(DEFAULT_REDEEM_SPREAD_BPS)
    .describe(
      "the redeem price's discount on the mid price, in basis points (buying is at mid: 1 OJO = 1 USD)",
    ),
  WITHDRAW_MIN: whole.default('10').describe('the redeem minimum (plus WITHDRAW_TRIAL)'),
  WITHDRAW_TRIAL: whole.default('0').describe('added to the redeem minimum'),
  WITHDRAW_DAILY_AMOUNT: whole
    .default('10000')
    .describe('OJO a player may redeem per UTC day, cancelled redemptions included'),
  WITHDRAW_DAILY_COUNT: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(5)
    .describe('redemptions a player may make per UTC day, cancelled ones included'),
  WITHDRAW_TRADE_LIMIT: whole
    .default('200')
    .describe('OJO a player must have bet in rounds whose betting closed before redeeming'),
  WITHDRAW_FIXED_LEFT: whole.default('0').describe('OJO that stays in the account'),
  WITHDRAW_PAYOUT_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400)
    .default(0)
    .describe('how long a redemption stays cancellable before the treasury pays it'),
};

export interface CoinPackageConfig {
  id: string;
  baseQty: bigint;
  discount: number;
}

export interface CoinConfig {
  /** Where players pay; default the treasury's address. */
  receiptAddress: `0x${string}` | undefined;
  /** The key redemptions are paid from; default the API's key. A secret. */
  treasuryPrivateKey: `0x${string}` | undefined;
  quoteHoldSeconds: number;
  /** Blocks after a payment's block before it is credited (0: as soon as it is mined). */
  confirmations: number;
  minQty: bigint;
  /** The most OJO one order buys (POST /coin/orders refuses more: 'Maximum amount: {max}'). */
  maxQty: bigint;
  packages: CoinPackageConfig[];
  /** Unpaid, unexpired orders a player may hold at once (POST /coin/orders refuses more). */
  maxOpenOrders: number;
  /** How often the payment watcher looks for payments nobody reported and pending confirmations. */
  watchMs: number;
  withdraw: {
    minAmount: bigint;
    trial: bigint;
    dailyAmount: bigint;
    dailyCount: number;
    tradeLimit: bigint;
    fixedLeft: bigint;
    /** How long a redemption waits (cancellable) before the treasury pays it. */
    payoutDelaySeconds: number;
    /** The redeem price's discount on the mid price (buying is at mid), in basis points. */
    spreadBps: number;
  };
}

type CoinEnvValues = z.output<z.ZodObject<typeof coinEnv>>;

export const toCoinConfig = (values: CoinEnvValues): CoinConfig => ({
  receiptAddress: values.COIN_RECEIPT_ADDRESS?.toLowerCase() as `0x${string}` | undefined,
  treasuryPrivateKey: values.COIN_TREASURY_PRIVATE_KEY as `0x${string}` | undefined,
  quoteHoldSeconds: values.COIN_QUOTE_HOLD_SECONDS,
  confirmations: values.COIN_CONFIRMATIONS,
  minQty: BigInt(values.COIN_MIN_QTY),
  maxQty: BigInt(values.COIN_MAX_QTY),
  packages: values.COIN_DISCOUNTS,
  maxOpenOrders: values.COIN_MAX_OPEN_ORDERS,
  watchMs: values.COIN_WATCH_MS,
  withdraw: {
    minAmount: BigInt(values.WITHDRAW_MIN),
    trial: BigInt(values.WITHDRAW_TRIAL),
    dailyAmount: BigInt(values.WITHDRAW_DAILY_AMOUNT),
    dailyCount: values.WITHDRAW_DAILY_COUNT,
    tradeLimit: BigInt(values.WITHDRAW_TRADE_LIMIT),
    fixedLeft: BigInt(values.WITHDRAW_FIXED_LEFT),
    payoutDelaySeconds: values.WITHDRAW_PAYOUT_DELAY_SECONDS,
    spreadBps: values.COIN_REDEEM_SPREAD_BPS,
  },
});
