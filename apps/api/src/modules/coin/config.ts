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

/** The coin module's variables (README's configuration table): buying OJO and redeeming it. */
export const coinEnv = {
  COIN_RECEIPT_ADDRESS: optionalString.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
  ),
  COIN_TREASURY_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
      .optional(),
  ),
  COIN_QUOTE_HOLD_SECONDS: z.coerce.number().int().min(10).max(86_400).default(60),
  COIN_CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).default(0),
  COIN_MIN_QTY: whole.default('10'),
  COIN_MAX_QTY: whole.default('1000000'),
  COIN_DISCOUNTS: packageList.default([
    { id: 'starter', baseQty: 100n, discount: 0 },
    { id: 'player', baseQty: 500n, discount: 5 },
    { id: 'pro', baseQty: 2000n, discount: 10 },
  ]),
  COIN_MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(1000).default(5),
  COIN_WATCH_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  COIN_REDEEM_SPREAD_BPS: z.coerce.number().int().min(0).max(9_999).default(DEFAULT_REDEEM_SPREAD_BPS),
  WITHDRAW_MIN: whole.default('10'),
  WITHDRAW_TRIAL: whole.default('0'),
  WITHDRAW_DAILY_AMOUNT: whole.default('10000'),
  WITHDRAW_DAILY_COUNT: z.coerce.number().int().min(0).max(10_000).default(5),
  WITHDRAW_TRADE_LIMIT: whole.default('200'),
  WITHDRAW_FIXED_LEFT: whole.default('0'),
  WITHDRAW_PAYOUT_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
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
