import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ledgerAsset } from './ledger-entries';
import { users } from './users';

/**
 * One row per user and asset: the sum of that user's ledger entries for the asset, kept so that reading a balance
 * costs one row however many entries there are. Written only by the `ledger_entries` insert trigger (migration
 * `ledger_balances`), in the same statement as the entry, so no code path can append an entry and forget the
 * balance; a direct INSERT, UPDATE or DELETE of this table is refused. `balance >= 0`: no asset can be overdrawn,
 * even by a caller that skipped the check (ARCHITECTURE.md (API conventions)).
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    asset: ledgerAsset('asset').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    /** The sum of the credits alone (what the user was given in total, before spending): product.md 3 originalAvailable. */
    credited: numeric('credited', { precision: 78, scale: 0, mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'ledger_balances_pkey', columns: [table.userId, table.asset] }),
    check('ledger_balances_not_negative', sql`${table.balance} >= 0`),
    check('ledger_balances_credited_covers_balance', sql`${table.credited} >= ${table.balance}`),
  ],
);

export type LedgerBalance = typeof ledgerBalances.$inferSelect;
