import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * Who invited whom (spec points 2 and 3: invite code, invitedMap keyed by source type).
 * A customer is invited at most once. `sourceType` is stored normalised (unknown values become WEB, spec point 5).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id')
      .notNull()
      .unique()
      .references(() => customers.id, { onDelete: 'cascade' }),
    inviteCode: varchar('invite_code', { length: 6 }).notNull(),
    sourceType: text('source_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invitations_inviter_idx').on(table.inviterId),
    check('invitations_not_self', sql`${table.inviterId} <> ${table.inviteeId}`),
  ],
);

export type Invitation = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
