import { sql } from 'drizzle-orm';
import {
  bigint,
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
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The chain index behind the wallet (product.md 2 Wallet history, point 7 GET /token/histories): the blocks the
 * indexer has followed, and every native ETH transfer to or from a product smart account in them.
 */

/**
 * One row per block the indexer took in, with its hash and parent hash: the newest row is the indexer's position,
 * and a chain block whose hash differs from the stored one at the same height is a reorganisation (the indexer
 * then undoes that block and everything after it). Hashes are lower-case 0x hex.
 */
export const indexedBlocks = pgTable(
  'indexed_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.number] }),
    check('indexed_blocks_hash_lower', sql`${table.hash} = lower(${table.hash})`),
  ],
);

/** Whether the call frame that moved the value succeeded; a reverted frame (or one inside one) moved nothing. */
export const transferStatus = pgEnum('transfer_status', ['success', 'failed']);

/**
 * Native ETH moved by a transaction or by a call inside it (a contract call, a user operation's execute), where
 * the sender or the receiver is a product smart account. `trace_address` is the call frame's position in the
 * transaction's call tree ('' for the transaction itself, '0.1' for the second call of its first call); with the
 * chain and the transaction hash it identifies a transfer, so indexing the same block twice changes nothing.
 * Addresses and hashes are lower-case; `value_wei` is in wei.
 */
export const nativeTransfers = pgTable(
  'native_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    txHash: text('tx_hash').notNull(),
    /** Position of the transaction in its block. */
    txIndex: integer('tx_index').notNull(),
    traceAddress: text('trace_address').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    valueWei: numeric('value_wei', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    status: transferStatus('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('native_transfers_position_unique').on(table.chainId, table.txHash, table.traceAddress),
    // An account's transfers newest first, in the history's full order: a page reads its rows off each index in
    // order and stops (GET /token/histories), rather than sorting all of the account's transfers per request.
    index('native_transfers_from_idx').on(
      table.chainId,
      table.fromAddress,
      table.blockNumber,
      table.txIndex,
      table.traceAddress,
    ),
    index('native_transfers_to_idx').on(
      table.chainId,
      table.toAddress,
      table.blockNumber,
      table.txIndex,
      table.traceAddress,
    ),
    index('native_transfers_block_idx').on(table.chainId, table.blockNumber),
    check('native_transfers_value_positive', sql`${table.valueWei} > 0`),
    check(
      'native_transfers_lower',
      sql`${table.fromAddress} = lower(${table.fromAddress}) and ${table.toAddress} = lower(${table.toAddress}) and ${table.txHash} = lower(${table.txHash})`,
    ),
    // A transaction hash as the chain gives it, so the history page writes it into its JSON without escaping.
    check('native_transfers_tx_hash_hex', sql`${table.txHash} ~ '^0x[0-9a-f]{64}$'`),
  ],
);

export type IndexedBlock = typeof indexedBlocks.$inferSelect;
export type NativeTransfer = typeof nativeTransfers.$inferSelect;
export type NewNativeTransfer = typeof nativeTransfers.$inferInsert;
