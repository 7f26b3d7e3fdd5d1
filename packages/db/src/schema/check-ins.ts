import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ledgerAsset, ledgerEntries } from './ledger-entries';
import { users } from './users';

/**
 * The daily check-in's reward ladder (product.md 3 'checkInReward (list of index, amount)'): day `day` of a streak earns
 * `amount` of `asset`. Data an operator changes without code; the first rows come from a migration. A free reward
 * pays FishXP (POINT) unless the row says OJO, which stays locked until the player unlocks it (docs/economy.md).
 */
export const checkInRewards = pgTable(
  'check_in_rewards',
  {
    day: integer('day').primaryKey(),
    asset: ledgerAsset('asset').notNull().default('POINT'),
    amount: numeric('amount', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
  },
  (table) => [
    check('check_in_rewards_day_positive', sql`${table.day} >= 1`),
    check('check_in_rewards_amount_positive', sql`${table.amount} > 0`),
    check('check_in_rewards_asset_earnable', sql`${table.asset} in ('POINT', 'OJO')`),
  ],
);

/**
 * What a missed day does to the streak and what follows the ladder's last day (packages/domain
 * tasks/check-in-streak.ts). One row (`id` is always true), data an operator changes without code.
 */
export const checkInRules = pgTable(
  'check_in_rules',
  {
    id: boolean('id').primaryKey().default(true),
    missedDay: text('missed_day').notNull(),
    afterLastDay: text('after_last_day').notNull(),
  },
  (table) => [
    check('check_in_rules_single_row', sql`${table.id}`),
    check('check_in_rules_missed_day', sql`${table.missedDay} in ('reset', 'keep')`),
    check('check_in_rules_after_last_day', sql`${table.afterLastDay} in ('restart', 'repeat_last')`),
  ],
);

/**
 * A player's check-in of one UTC day: at most one per player and day (the primary key), with the ladder day it
 * earned and the ledger entry that paid it (idempotency key `checkin:<userId>:<day>`).
 */
export const checkIns = pgTable(
  'check_ins',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    ladderDay: integer('ladder_day').notNull(),
    asset: ledgerAsset('asset').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'check_ins_pkey', columns: [table.userId, table.day] }),
    check('check_ins_ladder_day_positive', sql`${table.ladderDay} >= 1`),
  ],
);

export type CheckIn = typeof checkIns.$inferSelect;
