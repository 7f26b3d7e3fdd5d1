import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * Who invited whom (spec points 2 and 3: invite code, invitedMap keyed by source type).
 * A customer is invited at most once. `sourceType` is stored normalised (unknown values become WEB, spec point 5).
 * An invitation is recorded at the invitee's registration and counted (REFERRED) from `countedAt` on: once the
 * invitee is a full user with a profile, since accounts cost nothing and registrations alone would be farmed.
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
    /** When the invitee became a full user (profile created); null until then, and not counted. */
    countedAt: timestamp('counted_at', { withTimezone: true }),
  },
  (table) => [
    index('invitations_inviter_idx').on(table.inviterId),
    check('invitations_not_self', sql`${table.inviterId} <> ${table.inviteeId}`),
  ],
);

export type Invitation = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
