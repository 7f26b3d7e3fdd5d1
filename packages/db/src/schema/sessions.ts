import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A sign-in of a user (product.md 4 Login and Logout, product.md 9 'Web login session 604800 seconds'). Its id is the `sid`
 * of the session jwt and of the SIWE id token it came from. A session ends at `expiresAt` (the first sign-in plus
 * the session limit; no renewal moves it) or when logout sets `revokedAt`; every secure call checks both, in the
 * query that loads the user.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first sign-in: the SIWE signature (the id token's auth_time) or the old user's social login. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    check('sessions_end_after_sign_in', sql`${table.expiresAt} > ${table.signedInAt}`),
  ],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
