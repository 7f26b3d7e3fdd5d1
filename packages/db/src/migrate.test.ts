import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from './client';
import { migrateDatabase } from './migrate';
import { describeWithDatabases } from './testing';

describeWithDatabases('migrations', ({ database }) => {
  it('create every table of the schema', async () => {
    const { db } = database();
    const rows = await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'auth_nonces',
      'chain_transactions',
      'customer_addresses',
      'customers',
      'invitations',
      'jobs',
      'leases',
      'ledger_entries',
      'oidc_codes',
      'old_login_locks',
      'profile_registrations',
      'seed_runs',
      'signer_nonces',
      'sponsored_operations',
    ]);
  });

  it('can run again at the next start without changing anything', async () => {
    const handle = database();
    const countMigrations = () =>
      queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    // Every migration of the journal applied once, so later migrations need no edit here.
    const journal = JSON.parse(
      readFileSync(new URL('../migrations/meta/_journal.json', import.meta.url), 'utf8'),
    );
    const n = (journal.entries as unknown[]).length;
    expect(n).toBeGreaterThanOrEqual(3);
    expect(await countMigrations()).toEqual([{ n }]);
    await migrateDatabase(handle);
    expect(await countMigrations()).toEqual([{ n }]);
  });
});
