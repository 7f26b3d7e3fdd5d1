import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * A counter per catalogue (operator data every player's read repeats, such as `tasks`) that a trigger moves on every
 * change to it, in the changing transaction. An API node keeps the catalogue in memory and its hot read selects the
 * counter beside the player's own rows: a change shows on every node at the next request, and the catalogue is not
 * rebuilt by PostgreSQL on every read (`npm run bench:api`).
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
