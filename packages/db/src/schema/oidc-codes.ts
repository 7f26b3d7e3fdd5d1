import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Authorization codes of the embedded OpenID Connect provider (apps/api oidc-provider), kept in the database so any
 * API node can redeem a code another node issued (DESIGN.md section 9: stateless nodes). Only the SHA-256 of a code
 * is stored. A code is single use (`consumedAt`, set by a conditional update) and short-lived (`expiresAt`).
 */
export const oidcCodes = pgTable(
  'oidc_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    provider: text('provider').notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    scope: text('scope').notNull(),
    nonce: text('nonce'),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oidc_codes_expires_at_idx').on(table.expiresAt)],
);

export type OidcCode = typeof oidcCodes.$inferSelect;
export type NewOidcCode = typeof oidcCodes.$inferInsert;
