import { sql } from 'drizzle-orm';
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A player's member expansion (product.md 7 'POST /v2/member/{id}/expansion'): display preferences kept on the server so
 * they follow the player across devices. The keys are the api-contract's `memberExpansion`; the API validates them
 * before they get here.
 */
export const memberExpansions = pgTable('member_expansions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  expansion: jsonb('expansion').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
