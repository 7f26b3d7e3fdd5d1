import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Singletons across API nodes (ARCHITECTURE.md (Production and scale)): work that must run once (the round scheduler, the indexer,
 * the nonce reconciler) runs on the node holding its lease row, renewed every few seconds. Once `expires_at`
 * passes, another node may take it; each new holder gets a higher `token` (a fencing token for its writes).
 */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  token: bigint('token', { mode: 'bigint' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Lease = typeof leases.$inferSelect;
