import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every change made through the console (docs/console.md): who (the operator's id and address, kept as values since
 * operators can be removed), when, what (`action`), on what (`target`), and the state before and after as JSON.
 * Append-only: triggers refuse UPDATE, DELETE and TRUNCATE (migration 0038), so nobody rewrites the record, the
 * console included. Written in the transaction of the change it records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operatorId: uuid('operator_id').notNull(),
    operatorAddress: text('operator_address').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_operator_idx').on(table.operatorId, table.at),
    check('audit_log_action_named', sql`length(${table.action}) between 1 and 100`),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
