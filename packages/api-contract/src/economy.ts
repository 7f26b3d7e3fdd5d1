import { z } from 'zod';
import { MAX } from './bounds';

/**
 * The economy report (`npm run economy:report`, the operator console's dashboard): what the treasury received and
 * paid, the OJO outstanding and what redeeming it would cost, the paymaster's spend against its budget, refunds,
 * and each figure checked against the chain. Wei and OJO are integer strings.
 */

const whole = z
  .string()
  .max(MAX.decimal)
  .regex(/^-?\d{1,80}$/);

export const reportCheck = z.object({
  /** What is compared, in a few words. */
  name: z.string().max(200),
  ok: z.boolean(),
  /** The two sides of the comparison, or what differs. */
  detail: z.string().max(2000),
});
export type ReportCheck = z.infer<typeof reportCheck>;

export const economyReport = z.object({
  generatedAt: z.number().int(),
  chainId: z.number().int(),
  /** The chain block every chain-side figure was read at. */
  blockNumber: whole,
  treasury: z.object({
    address: z.string().max(42),
    /** ETH kept for credited orders (their quotes). */
    receivedWei: whole,
    ordersCredited: z.number().int(),
    /** ETH paid out to redemptions, and the redemptions still waiting to be paid. */
    paidWei: whole,
    redemptionsPaid: z.number().int(),
    pendingPayoutWei: whole,
    /** Payments that bought nothing, or the excess of a payment, sent back (less gas) or kept as dust. */
    refundedWei: whole,
    refundsSent: z.number().int(),
    refundsPending: z.number().int(),
    keptDustWei: whole,
    /** Gas the treasury's own transactions (payouts, refunds) cost. */
    gasWei: whole,
    /** received - paid - pending payouts: never below zero while the economy's rule holds. */
    marginWei: whole,
    balanceWei: whole,
  }),
  ojo: z.object({
    /** OJO in players' balances, and OJO taken by redemptions not yet paid. */
    outstanding: whole,
    pendingRedemption: whole,
    /** What redeeming every balance now would pay, under the redemption rules (null: no current price). */
    redeemCostWei: whole.nullable(),
    /** The cost basis players hold: ETH they paid for OJO not yet redeemed. */
    costBasisWei: whole,
  }),
  paymaster: z.object({
    address: z.string().max(42),
    budgetWei: whole,
    spentLastDayWei: whole,
    spentTotalWei: whole,
    operations: z.number().int(),
    depositWei: whole,
  }),
  checks: z.array(reportCheck).max(MAX.list),
  /** True when every check holds. */
  ok: z.boolean(),
});
export type EconomyReport = z.infer<typeof economyReport>;
