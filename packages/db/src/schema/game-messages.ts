import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The race's share lines (product.md 7 `/messages`: win and loss lines; product.md 8: the built-in lines when it fails). Operator
 * data: the seed migration writes the launch lines, an operator adds, edits or retires rows (`is_active`) without a
 * release. `{link}` in a line is replaced by the sharer's invite link. /messages serves the active rows of each kind
 * in `sort_order`; a kind with no active row answers the built-in lines (packages/domain share-text.ts).
 */
export const gameShareMessages = pgTable(
  'game_share_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'win' or 'loss'. */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('game_share_messages_kind', sql`${table.kind} in ('win', 'loss')`),
    check('game_share_messages_text', sql`char_length(${table.text}) between 1 and 280`),
  ],
);

export type GameShareMessageRow = typeof gameShareMessages.$inferSelect;
