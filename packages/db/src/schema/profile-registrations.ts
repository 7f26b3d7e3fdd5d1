import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** pending: reserved, the job is writing the chain; created: on chain and in `users`; failed: may retry. */
export const profileRegistrationStatus = pgEnum('profile_registration_status', [
  'pending',
  'created',
  'failed',
]);

/**
 * A player's on-chain profile, from reservation to receipt (product.md 2 Create profile, product.md 4 Profile creation). The
 * handle is reserved here, unique, before anything is written on chain; a durable job registers it with the API's
 * registrar key and then, in one transaction, marks the row created and copies handle and profile id to the
 * user. One row per user: one profile per player. `attempt` grows with each retry after a failure.
 */
export const profileRegistrations = pgTable(
  'profile_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull().unique(),
    /** The address that owns the profile on chain (the player's smart account), lower-case. */
    ownerAddress: text('owner_address').notNull(),
    status: profileRegistrationStatus('status').notNull().default('pending'),
    profileId: text('profile_id').unique(),
    /** Why the last attempt failed (an error code the web maps to its view), when failed. */
    failureCode: text('failure_code'),
    attempt: integer('attempt').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('profile_registrations_status_idx').on(table.status),
    // product.md 5 Profile handle: lowercase letters, digits and underscores, 4 to 15 characters.
    check('profile_registrations_handle_rule', sql`${table.handle} ~ '^[a-z0-9_]{4,15}$'`),
    check('profile_registrations_owner_lower', sql`${table.ownerAddress} = lower(${table.ownerAddress})`),
    check(
      'profile_registrations_created_has_id',
      sql`(${table.status} = 'created') = (${table.profileId} is not null)`,
    ),
  ],
);

export type ProfileRegistration = typeof profileRegistrations.$inferSelect;
