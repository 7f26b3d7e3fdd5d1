import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * User operations the API agreed to pay gas for (`POST /contract/gas/policy`, DESIGN.md section 6). One row per
 * (sender, nonce): asking again for the same operation (re-estimation, retry) signs again without counting twice.
 * The per-customer daily limit counts these rows; the global daily budget sums `max_cost_wei`. `sender` is stored
 * lower-case; `nonce` as a decimal string.
 */
export const sponsoredOperations = pgTable(
  'sponsored_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    nonce: text('nonce').notNull(),
    /** Which policy rule allowed it (e.g. 'profile.create', 'session-key.add'). */
    rule: text('rule').notNull(),
    /** Most the operation may cost the paymaster (all gas limits at maxFeePerGas), in wei; the largest signed. */
    maxCostWei: numeric('max_cost_wei', { precision: 78, scale: 0, mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('sponsored_operations_sender_nonce_unique').on(table.sender, table.nonce),
    index('sponsored_operations_customer_created_idx').on(table.customerId, table.createdAt),
    index('sponsored_operations_created_idx').on(table.createdAt),
    check('sponsored_operations_sender_lower', sql`${table.sender} = lower(${table.sender})`),
  ],
);

export type SponsoredOperation = typeof sponsoredOperations.$inferSelect;
export type NewSponsoredOperation = typeof sponsoredOperations.$inferInsert;
