import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * User operations the API agreed to pay gas for (`POST /contract/gas/policy`, ARCHITECTURE.md (Accounts and sign-in)): each row is a
 * reservation of the paymaster's deposit. One row per (sender, nonce): asking again for the same operation
 * (re-estimation, retry) signs again without reserving twice, and only one version of (sender, nonce) can run.
 * A reservation holds `reserved_wei` of the daily budgets (global, the account's, its client address's) until the
 * operation's cost is recorded from the chain (sponsored_operation_costs) or its signature expired (`valid_until`
 * passed on chain). `sender` is stored lower-case; `nonce` as a decimal string.
 */
export const sponsoredOperations = pgTable(
  'sponsored_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    nonce: text('nonce').notNull(),
    /** Which policy rule allowed it (e.g. 'session-key'). */
    rule: text('rule').notNull(),
    /** Most the operation may cost the paymaster (all gas limits at maxFeePerGas), in wei; the largest signed. */
    maxCostWei: numeric('max_cost_wei', { precision: 78, scale: 0, mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * What the reservation holds of the budgets: the bundler's estimate plus its margin at the network's price,
     * never more than max_cost_wei (the real cost replaces it once recorded).
     */
    reservedWei: numeric('reserved_wei', { precision: 78, scale: 0, mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The request's client address (Fastify's request.ip under TRUST_PROXY) of the latest signed version. */
    clientAddress: text('client_address'),
    /** The session key an addSessionKey of this operation adds (lower-case), if any. */
    sessionKey: text('session_key'),
    /** The paymaster signature's validUntil (the latest signed): after it no block can include the operation. */
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull().defaultNow(),
    /** EntryPoint v0.8 hash of the latest signed version (0x-prefixed, lower-case). */
    userOpHash: text('user_op_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('sponsored_operations_sender_nonce_unique').on(table.sender, table.nonce),
    index('sponsored_operations_user_created_idx').on(table.userId, table.createdAt),
    index('sponsored_operations_created_idx').on(table.createdAt),
    index('sponsored_operations_client_created_idx').on(table.clientAddress, table.createdAt),
    index('sponsored_operations_sender_session_key_idx')
      .on(table.sender, table.createdAt)
      .where(sql`${table.sessionKey} is not null`),
    check('sponsored_operations_sender_lower', sql`${table.sender} = lower(${table.sender})`),
  ],
);

/**
 * What the paymaster really paid, from the EntryPoint's UserOperationEvent logs of our paymaster (one row per
 * userOpHash, written idempotently by every API node that scans the chain). The global daily budget sums
 * `actual_gas_cost_wei` of the last 24 h by block time. Rows exist whether or not a reservation matches (an
 * operation signed by an earlier database still spent the deposit).
 */
export const sponsoredOperationCosts = pgTable(
  'sponsored_operation_costs',
  {
    userOpHash: text('user_op_hash').primaryKey(),
    paymaster: text('paymaster').notNull(),
    sender: text('sender').notNull(),
    nonce: text('nonce').notNull(),
    success: boolean('success').notNull(),
    actualGasCostWei: numeric('actual_gas_cost_wei', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    actualGasUsed: numeric('actual_gas_used', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    transactionHash: text('transaction_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sponsored_operation_costs_sender_nonce_idx').on(table.sender, table.nonce),
    index('sponsored_operation_costs_block_time_idx').on(table.blockTime),
    check('sponsored_operation_costs_sender_lower', sql`${table.sender} = lower(${table.sender})`),
    check('sponsored_operation_costs_cost_nonnegative', sql`${table.actualGasCostWei} >= 0`),
  ],
);

/**
 * How far the chain was scanned for a paymaster's costs: the last block read and its timestamp. That timestamp is
 * the chain's clock for reservations: one whose valid_until lies before it can no longer run.
 */
export const sponsoredOperationScans = pgTable(
  'sponsored_operation_scans',
  {
    chainId: integer('chain_id').notNull(),
    paymaster: text('paymaster').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.paymaster] })],
);

export type SponsoredOperation = typeof sponsoredOperations.$inferSelect;
export type NewSponsoredOperation = typeof sponsoredOperations.$inferInsert;
export type SponsoredOperationCost = typeof sponsoredOperationCosts.$inferSelect;
export type NewSponsoredOperationCost = typeof sponsoredOperationCosts.$inferInsert;
