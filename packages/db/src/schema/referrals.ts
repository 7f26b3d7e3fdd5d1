import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who invited whom (product.md 2 and 3: referral code, invitedMap keyed by source type).
 * A user is referred at most once. `sourceType` is stored normalised (unknown values become WEB, product.md 5).
 * A referral is recorded at the referee's registration and counted (REFERRED) from `countedAt` on: once the
 * referee really played (a check-in and a bet in a round whose betting closed), since accounts and profiles cost
 * nothing and would be farmed.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refereeId: uuid('referee_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralCode: varchar('referral_code', { length: 6 }).notNull(),
    sourceType: text('source_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the referee had both checked in and bet in a closed round; null until then, and not counted. */
    countedAt: timestamp('counted_at', { withTimezone: true }),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerId),
    check('referrals_not_self', sql`${table.referrerId} <> ${table.refereeId}`),
  ],
);

export type Referral = typeof referrals.$inferSelect;
export type NewReferral = typeof referrals.$inferInsert;
