import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** queued: waits for `run_at`; running: claimed by `locked_by` until `locked_until`; then succeeded or failed. */
export const jobState = pgEnum('job_state', ['queued', 'running', 'succeeded', 'failed']);

/**
 * Durable jobs (ARCHITECTURE.md (Production and scale)): every server-side side effect that must survive a crash or run on another
 * node (chain writes, payouts, mints). `key` makes enqueueing idempotent. A node claims due rows with
 * `FOR UPDATE SKIP LOCKED` and holds them for a lease it renews; a holder that dies loses the row when
 * `locked_until` passes and another node takes it over. `attempts` counts claims and fences late writes of an
 * earlier holder. Times are the database's clock, so nodes need not agree on theirs.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The job definition that runs it, e.g. 'profile.register'. */
    kind: text('kind').notNull(),
    /** Idempotency key: enqueueing the same key again returns the existing job. */
    key: text('key').notNull().unique(),
    payload: jsonb('payload').notNull(),
    state: jobState('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_queued_run_at_idx').on(table.runAt).where(sql`${table.state} = 'queued'`),
    index('jobs_running_locked_until_idx').on(table.lockedUntil).where(sql`${table.state} = 'running'`),
    index('jobs_kind_created_idx').on(table.kind, table.createdAt),
    check('jobs_attempts_range', sql`${table.attempts} >= 0 and ${table.maxAttempts} >= 1`),
    check(
      'jobs_running_is_locked',
      sql`(${table.state} = 'running') = (${table.lockedBy} is not null and ${table.lockedUntil} is not null)`,
    ),
  ],
);

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
