import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Assets a balance is kept in (ARCHITECTURE.md (API conventions): wei for ETH, whole OJO, whole points). */
export const ledgerAsset = pgEnum('ledger_asset', ['ETH', 'OJO', 'POINT']);

/**
 * Append-only ledger: a balance is the sum of a user's entries for an asset. Amounts are signed integers in
 * base units; numeric(78,0) holds any uint256 (wei overflows a Postgres bigint past about 9.2 ETH).
 * `idempotencyKey` is unique so a retried credit or debit is refused instead of counted twice.
 * A trigger in the migrations rejects UPDATE and DELETE.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    asset: ledgerAsset('asset').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The ledger page reads a user's entries of one asset newest first (product.md 7 point ledgers): an index scan.
    index('ledger_entries_user_asset_id_idx').on(table.userId, table.asset, table.id),
    check('ledger_entries_amount_nonzero', sql`${table.amount} <> 0`),
  ],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
