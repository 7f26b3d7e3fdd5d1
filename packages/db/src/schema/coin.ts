import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { baseUnits, ownerId, timestamps } from './columns';
import { users } from './users';

/**
 * Buying OJO with ETH and redeeming it back (product.md 3 Coin order, Withdraw info; product.md 4 Buy OJO): orders, the
 * payments seen for them, and redemptions. Money itself moves only in the ledger; these rows say why.
 */

/**
 * What an order and a redemption both keep of the chain transaction that settles them (the player's payment, the
 * treasury's payout): its hash, and why the row ended as it did.
 */
const settlingTransaction = () => ({
  txHash: text('tx_hash'),
  reason: text('reason'),
});

/** product.md 3 'Order states: created, approved, done, cancelled, system_cancelled, rejected.' */
export const coinOrderState = pgEnum('coin_order_state', [
  'created',
  'approved',
  'done',
  'cancelled',
  'system_cancelled',
  'rejected',
]);

/**
 * An order to buy `baseQty` OJO for `quoteWei` (held until `expiresAt`). created: waiting for the payment;
 * approved: a valid payment is mined, waiting for its confirmations; done: the OJO is credited (ledger key
 * `coin:order:<id>`); cancelled: the player cancelled it unpaid (a payment for it afterwards is refunded);
 * system_cancelled: no payment before the quote ran out; rejected: the player's payment for it
 * was too small or late (sent back by the refund job: `coin_refunds`).
 */
export const coinOrders = pgTable(
  'coin_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    /** The smart account that must pay (lower-case). */
    payerAddress: text('payer_address').notNull(),
    packageId: text('package_id'),
    baseQty: baseUnits('base_qty').notNull(),
    quoteWei: baseUnits('quote_wei').notNull(),
    /** OJO per ETH the quote used. */
    price: text('price').notNull(),
    state: coinOrderState('state').notNull().default('created'),
    ...settlingTransaction(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [
    index('coin_orders_user_created_idx').on(table.userId, table.createdAt),
    check('coin_orders_base_positive', sql`${table.baseQty} > 0`),
    check('coin_orders_quote_positive', sql`${table.quoteWei} > 0`),
  ],
);
export type CoinOrder = typeof coinOrders.$inferSelect;

/**
 * Every transaction examined as a payment to the receipt address (reported by a player or found by the index):
 * pending while it waits for confirmations, credited when it paid an order, rejected with the reason otherwise.
 */
export const coinPayments = pgTable(
  'coin_payments',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    orderId: uuid('order_id').references(() => coinOrders.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    reason: text('reason'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash] }),
    check('coin_payments_status', sql`${table.status} in ('pending', 'credited', 'rejected')`),
    index('coin_payments_pending_idx').on(table.status),
  ],
);

/**
 * ETH that reached the receipt address and bought nothing, one row per value move (chain, transaction, position in
 * its call tree as the index writes it: '' for the transaction itself, '0.1' for a nested call): a payment with no
 * or an unknown order id, for another account's order, for an order already paid, expired, cancelled or rejected,
 * mined after the quote ran out, less than the quote, and the excess above the quote of a credited payment. The
 * unique position makes it recorded once; the `coin.payment-refund` job sends `refundWei` (the amount less
 * `gasWei`, the refund transaction's gas) back to `fromAddress`. pending: waiting for the job; sent: paid back in
 * `refundTxHash`; kept: smaller than its gas (`note` says so); failed: the job gave up (`note`), for an operator.
 */
export const coinRefunds = pgTable(
  'coin_refunds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    traceAddress: text('trace_address').notNull(),
    fromAddress: text('from_address').notNull(),
    amountWei: baseUnits('amount_wei').notNull(),
    reason: text('reason').notNull(),
    orderId: uuid('order_id').references(() => coinOrders.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('pending'),
    gasWei: baseUnits('gas_wei'),
    refundWei: baseUnits('refund_wei'),
    refundTxHash: text('refund_tx_hash'),
    note: text('note'),
    ...timestamps(),
  },
  (table) => [
    unique('coin_refunds_position_unique').on(table.chainId, table.txHash, table.traceAddress),
    check('coin_refunds_amount_positive', sql`${table.amountWei} > 0`),
    check('coin_refunds_status', sql`${table.status} in ('pending', 'sent', 'kept', 'failed')`),
    index('coin_refunds_order_idx').on(table.orderId),
  ],
);
export type CoinRefund = typeof coinRefunds.$inferSelect;

/**
 * product.md 3 'Withdraw and transaction states: PENDING, FINISHED, FAILED', plus CANCELLED (cancelled by the player
 * before the payout started; the OJO given back).
 */
export const coinWithdrawStatus = pgEnum('coin_withdraw_status', [
  'PENDING',
  'FINISHED',
  'FAILED',
  'CANCELLED',
]);

/**
 * A redemption: `amount` OJO taken from the ledger at once (key `coin:withdraw:<id>`), `payoutWei` ETH to pay to
 * `toAddress` from the treasury by a durable job. `payoutStartedAt` is set when the job takes it: from then on it
 * can no longer be cancelled. FAILED and CANCELLED give the OJO back (key `coin:withdraw:<id>:refund`).
 */
export const coinWithdraws = pgTable(
  'coin_withdraws',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: ownerId(),
    amount: baseUnits('amount').notNull(),
    payoutWei: baseUnits('payout_wei').notNull(),
    price: text('price').notNull(),
    toAddress: text('to_address').notNull(),
    status: coinWithdrawStatus('status').notNull().default('PENDING'),
    ...settlingTransaction(),
    payoutStartedAt: timestamp('payout_started_at', { withTimezone: true }),
    /** The bought OJO (and its cost in wei) this redemption took from the player's cost basis; given back with it. */
    basisQty: baseUnits('basis_qty').notNull().default(0n),
    basisWei: baseUnits('basis_wei').notNull().default(0n),
    ...timestamps(),
  },
  (table) => [
    index('coin_withdraws_user_created_idx').on(table.userId, table.createdAt),
    check('coin_withdraws_amount_positive', sql`${table.amount} > 0`),
    check('coin_withdraws_payout_positive', sql`${table.payoutWei} > 0`),
  ],
);
export type CoinWithdraw = typeof coinWithdraws.$inferSelect;

/**
 * Each player's bought OJO still held and what it cost (average cost, docs/economy.md): a credited order adds
 * its baseQty and quoteWei, a redemption takes its share (coin_withdraws.basis_qty, basis_wei) and a cancelled or
 * failed one gives exactly that back, each in the transaction of its ledger move. A redemption of bought OJO never
 * pays more than this share.
 */
export const coinCostBasis = pgTable(
  'coin_cost_basis',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    qty: baseUnits('qty').notNull().default(0n),
    wei: baseUnits('wei').notNull().default(0n),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('coin_cost_basis_qty_not_negative', sql`${table.qty} >= 0`),
    check('coin_cost_basis_wei_not_negative', sql`${table.wei} >= 0`),
  ],
);

/**
 * The lowest rate (wei per OJO) any credited order ever paid, one row (none until an order is credited): OJO a
 * player won rather than bought redeems at no more than this.
 */
export const coinLowestPaid = pgTable(
  'coin_lowest_paid',
  {
    id: boolean('id').primaryKey().default(true),
    qty: baseUnits('qty').notNull(),
    wei: baseUnits('wei').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('coin_lowest_paid_single_row', sql`${table.id}`),
    check('coin_lowest_paid_qty_positive', sql`${table.qty} > 0`),
  ],
);
