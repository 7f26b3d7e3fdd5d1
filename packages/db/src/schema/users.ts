import { sql } from 'drizzle-orm';
import { boolean, check, pgEnum, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';

/** Old users' social logins (product.md 3, "Login providers: google, twitter, apple"). */
export const loginProvider = pgEnum('login_provider', ['google', 'twitter', 'apple']);

/**
 * A player. New users are keyed by their smart-account (`osp_aa`) address; old users by their social login
 * (provider + subject) and a web3auth address until they bind a smart account (product.md 1, 3, 4).
 * Addresses are stored lower-case so uniqueness does not depend on checksum casing.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    smartAccountAddress: text('smart_account_address').unique(),
    web3authAddress: text('web3auth_address').unique(),
    isOldType: boolean('is_old_type').notNull().default(false),
    loginProvider: loginProvider('login_provider'),
    loginSubject: text('login_subject'),
    telegramId: text('telegram_id').unique(),
    handle: text('handle').unique(),
    profileId: text('profile_id').unique(),
    avatar: text('avatar'),
    referralCode: varchar('referral_code', { length: 6 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('users_login_provider_subject_unique').on(table.loginProvider, table.loginSubject),
    check(
      'users_smart_account_address_lower',
      sql`${table.smartAccountAddress} = lower(${table.smartAccountAddress})`,
    ),
    check('users_web3auth_address_lower', sql`${table.web3authAddress} = lower(${table.web3authAddress})`),
    check('users_referral_code_format', sql`${table.referralCode} ~ '^[A-Za-z0-9]{6}$'`),
    check(
      'users_login_provider_subject_together',
      sql`(${table.loginProvider} is null) = (${table.loginSubject} is null)`,
    ),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
