import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();

/**
 * The gas module's slice of the API environment (docs/configuration.md). What a sponsored operation may
 * cost is bounded by the bundler's own estimate for it; the daily budget counts what the paymaster really paid.
 */
export const gasEnvShape = {
  GAS_DAILY_SPONSORED_OPS: positiveInt
    .default(50)
    .describe('sponsored user operations per player per 24 h, run or still pending'),
  // All users' sponsored operations of 24 h: what they really cost plus what unexpired signatures could still
  // cost, in wei (default 1 ETH).
  GAS_DAILY_BUDGET_WEI: z
    .string()
    .regex(/^[0-9]{1,78}$/, 'must be a whole number of wei')
    .default('1000000000000000000')
    .transform((value) => BigInt(value))
    .describe(
      'most the paymaster may spend in 24 h, all players: real costs (actualGasCost) plus pending reservations, in wei (then 429 GAS_DAILY_BUDGET)',
    ),
  GAS_MAX_PENDING_PER_USER: positiveInt
    .default(3)
    .describe('signed, not yet run, unexpired sponsored operations a player may hold at once'),
  // Shares of GAS_DAILY_BUDGET_WEI, in basis points, one account and one client address may hold in 24 h.
  GAS_MAX_ACCOUNT_SHARE_BPS: positiveInt
    .max(10_000)
    .default(100)
    .describe(
      'share of GAS_DAILY_BUDGET_WEI one smart account may hold in 24 h, in basis points (then 429 GAS_ACCOUNT_BUDGET)',
    ),
  GAS_MAX_CLIENT_SHARE_BPS: positiveInt
    .max(10_000)
    .default(500)
    .describe(
      'the same for all accounts asking from one client address (then 429 GAS_CLIENT_BUDGET); npm start sets 10000',
    ),
  GAS_MAX_MINTS_PER_OPERATION: positiveInt
    .max(100)
    .default(16)
    .describe(
      'mintWithSignature calls one sponsored badge operation may batch (then 400 GAS_TOO_MANY_CALLS)',
    ),
  GAS_SPONSORSHIP_VALID_SECONDS: positiveInt
    .max(3600)
    .default(60)
    .describe('life of a paymaster signature (validUntil); its reservation ends with it'),
  GAS_ESTIMATE_MARGIN_PERCENT: z.coerce
    .number()
    .int()
    .min(0)
    .max(50)
    .default(10)
    .describe("each sponsored gas limit at most the bundler's estimate plus this percentage"),
  GAS_MAX_FEE_MULTIPLIER: z.coerce
    .number()
    .min(1)
    .max(100)
    .default(2)
    .describe(
      "sponsored maxFeePerGas at most this multiple of the bundler's fast price (the tip at most 1x)",
    ),
  GAS_MAX_CALL_GAS_LIMIT: positiveInt
    .default(1_000_000)
    .describe('largest sponsored callGasLimit, whatever the estimate'),
  GAS_MAX_VERIFICATION_GAS_LIMIT: positiveInt
    .default(1_000_000)
    .describe('largest sponsored verificationGasLimit, whatever the estimate'),
  GAS_MAX_PRE_VERIFICATION_GAS: positiveInt
    .default(500_000)
    .describe('largest sponsored preVerificationGas, whatever the estimate'),
  GAS_COSTS_SCAN_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15_000)
    .describe("how often each node records the paymaster's real costs from the chain; 0: only on demand"),
};

type GasEnv = { [K in keyof typeof gasEnvShape]: z.output<(typeof gasEnvShape)[K]> };

export interface GasConfig {
  /** Sponsored operations per user per 24 h (spent or still pending). */
  dailySponsoredOps: number;
  /** Real costs of the last 24 h plus the reservations of pending signatures, all users, in wei. */
  dailyBudgetWei: bigint;
  /** Signed, not yet run, not yet expired operations a user may hold at once. */
  maxPendingPerUser: number;
  /** Real costs plus pending reservations of 24 h one smart account may hold, in basis points of the budget. */
  maxAccountShareBps: number;
  /** The same for all accounts asking from one client address (request.ip). */
  maxClientShareBps: number;
  /** mintWithSignature calls one sponsored badge operation may batch. */
  maxMintsPerOperation: number;
  /** Life of a paymaster signature (its validUntil); a pending reservation ends with it. */
  sponsorshipValidSeconds: number;
  /** Each gas limit may exceed the bundler's estimate for the operation by at most this percentage. */
  estimateMarginPercent: number;
  /** maxFeePerGas at most this multiple of the bundler's fast price (maxPriorityFeePerGas at most 1x). */
  maxFeeMultiplier: number;
  /** Absolute caps, checked before asking the bundler. */
  maxCallGasLimit: bigint;
  maxVerificationGasLimit: bigint;
  maxPreVerificationGas: bigint;
  /** How often each API node reads the paymaster's costs from the chain; 0: only on demand. */
  costsScanIntervalMs: number;
}

export function gasConfigFrom(values: GasEnv): GasConfig {
  return {
    dailySponsoredOps: values.GAS_DAILY_SPONSORED_OPS,
    dailyBudgetWei: values.GAS_DAILY_BUDGET_WEI,
    maxPendingPerUser: values.GAS_MAX_PENDING_PER_USER,
    maxAccountShareBps: values.GAS_MAX_ACCOUNT_SHARE_BPS,
    maxClientShareBps: values.GAS_MAX_CLIENT_SHARE_BPS,
    maxMintsPerOperation: values.GAS_MAX_MINTS_PER_OPERATION,
    sponsorshipValidSeconds: values.GAS_SPONSORSHIP_VALID_SECONDS,
    estimateMarginPercent: values.GAS_ESTIMATE_MARGIN_PERCENT,
    maxFeeMultiplier: values.GAS_MAX_FEE_MULTIPLIER,
    maxCallGasLimit: BigInt(values.GAS_MAX_CALL_GAS_LIMIT),
    maxVerificationGasLimit: BigInt(values.GAS_MAX_VERIFICATION_GAS_LIMIT),
    maxPreVerificationGas: BigInt(values.GAS_MAX_PRE_VERIFICATION_GAS),
    costsScanIntervalMs: values.GAS_COSTS_SCAN_INTERVAL_MS,
  };
}
