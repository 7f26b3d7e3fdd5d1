import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Column shapes several tables share (no table here). Each is a function: a table needs its own column builder.
 * Changing one changes every table that uses it, so `npm run generate` shows it as a migration of each.
 */

/** An integer amount in base units (OJO, POINT, wei): numeric(78, 0), read as a bigint. */
export const baseUnits = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/** The player a row belongs to (`user_id`); a player who has such rows is never deleted. */
export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' });

/** `created_at` and `updated_at`, both set to now() when the row is written. */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
