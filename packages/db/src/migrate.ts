import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

// Arbitrary constant key: several API nodes starting together must not apply the same migration twice.
const MIGRATION_LOCK_KEY = 7_401_173;

/**
 * Applies every pending migration of packages/db/migrations (tests may name another folder, e.g. one cut short to
 * check a data migration). Safe to call at each start.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  options: { migrationsFolder?: string } = {},
): Promise<void> {
  const folder = options.migrationsFolder ?? migrationsFolder;
  const { driver } = handle;
  if (driver.kind === 'pglite') {
    await migratePglite(driver.db, { migrationsFolder: folder });
    return;
  }
  // Advisory locks belong to a session, so the lock and the migration share one pooled connection.
  const connection = await driver.client.connect();
  try {
    const db = drizzle({ client: connection });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migrateNodePostgres(db, { migrationsFolder: folder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    connection.release();
  }
}
