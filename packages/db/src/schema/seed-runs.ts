import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which named seed steps already ran (src/seed.ts), so demo data is inserted once per database. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SeedRun = typeof seedRuns.$inferSelect;
