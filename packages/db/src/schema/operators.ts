import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The console's roles (docs/console.md): owner, operator, support, viewer. */
export const OPERATOR_ROLE_VALUES = ['owner', 'operator', 'support', 'viewer'] as const;

/**
 * A person who runs the platform through the console: not a player, known by the wallet address that signs in
 * (lower-case, so uniqueness does not depend on checksum casing) and a role. Removing an operator deletes the row
 * and, by cascade, its sessions; the audit log keeps who it was.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    address: text('address').notNull().unique(),
    role: text('role', { enum: OPERATOR_ROLE_VALUES }).notNull(),
    /** The owner who added this operator; null for an owner from configuration or the local first sign-in. */
    addedBy: uuid('added_by'),
    /**
     * True for the one owner a local devnet lets the first console sign-in become (no owner configured); the
     * partial unique index makes two racing first sign-ins end with one owner.
     */
    firstSignIn: boolean('first_sign_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('operators_role_known', sql`${table.role} in ('owner', 'operator', 'support', 'viewer')`),
    check('operators_address_lower_hex', sql`${table.address} ~ '^0x[0-9a-f]{40}$'`),
    uniqueIndex('operators_one_first_sign_in').on(table.firstSignIn).where(sql`${table.firstSignIn}`),
  ],
);

/**
 * A console sign-in. Its id is the `sid` of the operator token; it ends at `expiresAt` or when logout (or an owner)
 * sets `revokedAt`. Every console call reads it, so a revocation on one node refuses the token on every node.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('operator_sessions_operator_idx').on(table.operatorId),
    check('operator_sessions_end_after_sign_in', sql`${table.expiresAt} > ${table.signedInAt}`),
  ],
);

export type Operator = typeof operators.$inferSelect;
export type OperatorSession = typeof operatorSessions.$inferSelect;
