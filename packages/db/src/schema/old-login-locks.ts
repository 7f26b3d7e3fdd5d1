import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Old-type accounts whose social login is refused with cause code 5115 (product.md 8: "Login, cause code 5115:
 * Opens a warning popup instead"), e.g. an account flagged by the operators. A row here locks the old login; deleting
 * it unlocks. The cutoff date of the migration dialog does not lock anybody: it is only UI text.
 */
export const oldLoginLocks = pgTable('old_login_locks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OldLoginLock = typeof oldLoginLocks.$inferSelect;
