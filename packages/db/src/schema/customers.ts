import { sql } from 'drizzle-orm';
import { boolean, check, pgEnum, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';

/** Old users' social logins (spec point 3, "Login providers: google, twitter, apple"). */
export const loginProvider = pgEnum('login_provider', ['google', 'twitter', 'apple']);

/**
 * A player. New users are keyed by their smart-account (`osp_aa`) address; old users by their social login
 * (provider + subject) and a web3auth address until they bind a smart account (spec points 1, 3, 4).
 * Addresses are stored lower-case so uniqueness does not depend on checksum casing.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ospAaAddress: text('osp_aa_address').unique(),
    web3authAddress: text('web3auth_address').unique(),
    isOldType: boolean('is_old_type').notNull().default(false),
    loginProvider: loginProvider('login_provider'),
    loginSubject: text('login_subject'),
    telegramId: text('telegram_id').unique(),
    handle: text('handle').unique(),
    profileId: text('profile_id').unique(),
    avatar: text('avatar'),
    inviteCode: varchar('invite_code', { length: 6 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('customers_login_provider_subject_unique').on(table.loginProvider, table.loginSubject),
    check('customers_osp_aa_address_lower', sql`${table.ospAaAddress} = lower(${table.ospAaAddress})`),
    check(
      'customers_web3auth_address_lower',
      sql`${table.web3authAddress} = lower(${table.web3authAddress})`,
    ),
    check('customers_invite_code_format', sql`${table.inviteCode} ~ '^[A-Za-z0-9]{6}$'`),
    check(
      'customers_login_provider_subject_together',
      sql`(${table.loginProvider} is null) = (${table.loginSubject} is null)`,
    ),
  ],
);

export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
