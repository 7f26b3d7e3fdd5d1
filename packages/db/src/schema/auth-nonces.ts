import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time nonces for signed messages (SIWE login, wallet bind; product.md 4 "Get a nonce, sign a message").
 * A nonce is valid until `expiresAt` and only while `consumedAt` is null; consuming it is a conditional update.
 */
export const authNonces = pgTable(
  'auth_nonces',
  {
    nonce: text('nonce').primaryKey(),
    publicKey: text('public_key').notNull(),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_nonces_public_key_idx').on(table.publicKey)],
);

export type AuthNonce = typeof authNonces.$inferSelect;
export type NewAuthNonce = typeof authNonces.$inferInsert;
