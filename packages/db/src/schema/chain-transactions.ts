import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { jobs } from './jobs';

const wei = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * The next nonce of each signing key on each chain, shared by every API node (ARCHITECTURE.md (Production and scale)). A nonce is
 * taken in the same statement that advances the counter, reconciled upwards with the chain's pending nonce (a key
 * also used elsewhere), so two nodes never sign two transactions with one nonce.
 */
export const signerNonces = pgTable(
  'signer_nonces',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.address] }),
    check('signer_nonces_address_lower', sql`${table.address} = lower(${table.address})`),
    check('signer_nonces_next_nonce_nonnegative', sql`${table.nextNonce} >= 0`),
  ],
);

/**
 * prepared: signed with its nonce, not known to be sent; sent: broadcast at least once; mined: in a block (see
 * `reverted`); abandoned: its nonce was used by another transaction of the key, so the write takes a new one.
 */
export const chainTransactionStatus = pgEnum('chain_transaction_status', [
  'prepared',
  'sent',
  'mined',
  'abandoned',
]);

/**
 * Every transaction the API signs, recorded with its nonce and signed bytes before it is broadcast: after a crash,
 * any node re-sends the same bytes or finds their receipt, so a write happens once. `key` names the write (one per
 * job step); re-sending with higher fees keeps the nonce and adds the new hash to `hashes`. `(chain, from, nonce)`
 * is unique: one nonce, one write.
 */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    chainId: integer('chain_id').notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'bigint' }).notNull(),
    toAddress: text('to_address'),
    data: text('data').notNull(),
    value: wei('value').notNull(),
    gasLimit: wei('gas_limit').notNull(),
    maxFeePerGas: wei('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: wei('max_priority_fee_per_gas').notNull(),
    /** The signed transaction last prepared (what a resumed job sends again). */
    rawTransaction: text('raw_transaction').notNull(),
    /** Every hash signed for this nonce, oldest first: any of them may be the one mined. */
    hashes: text('hashes').array().notNull(),
    status: chainTransactionStatus('status').notNull().default('prepared'),
    minedHash: text('mined_hash'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    gasUsed: wei('gas_used'),
    effectiveGasPrice: wei('effective_gas_price'),
    reverted: boolean('reverted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    minedAt: timestamp('mined_at', { withTimezone: true }),
  },
  (table) => [
    unique('chain_transactions_chain_from_nonce_unique').on(table.chainId, table.fromAddress, table.nonce),
    uniqueIndex('chain_transactions_active_key_unique')
      .on(table.key)
      .where(sql`${table.status} <> 'abandoned'`),
    index('chain_transactions_job_idx').on(table.jobId),
    index('chain_transactions_open_idx')
      .on(table.chainId, table.fromAddress, table.nonce)
      .where(sql`${table.status} in ('prepared', 'sent')`),
    check('chain_transactions_from_lower', sql`${table.fromAddress} = lower(${table.fromAddress})`),
    check(
      'chain_transactions_mined_has_receipt',
      sql`(${table.status} = 'mined') = (${table.minedHash} is not null)`,
    ),
  ],
);

export type ChainTransaction = typeof chainTransactions.$inferSelect;
export type NewChainTransaction = typeof chainTransactions.$inferInsert;
