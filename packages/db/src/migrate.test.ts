import { readFileSync, rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from './client';
import { migrateDatabase } from './migrate';
import { customers } from './schema/customers';
import { invitations } from './schema/invitations';
import { createTestDatabase, describeWithDatabases, migrationsBefore, testDatabaseKinds } from './testing';

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
      'check_in_rewards',
      'check_in_rules',
      'check_ins',
      'customer_addresses',
      'customers',
      'invitations',
      'jobs',
      'leases',
      'ledger_balances',
      'ledger_entries',
      'member_expansions',
      'oidc_codes',
      'old_login_locks',
      'profile_registrations',
      'seed_runs',
      'sessions',
      'signer_nonces',
      'sponsored_operation_costs',
      'sponsored_operation_scans',
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

for (const kind of testDatabaseKinds) {
  it(`counts earlier invitations whose invitee already has a profile, and only those [${kind}]`, async () => {
    const folder = migrationsBefore('0007_invitations_count_full_users');
    const handle = await createTestDatabase(kind, { migrate: false });
    try {
      await migrateDatabase(handle, { migrationsFolder: folder });
      const { db } = handle;
      const [inviter, fullUser, freeAccount] = await db
        .insert(customers)
        .values([
          { inviteCode: 'INV001', handle: 'inviter_one' },
          { inviteCode: 'INV002', handle: 'full_user' },
          { inviteCode: 'INV003' },
        ])
        .returning();
      const invitedAt = new Date('2030-05-01T00:00:00Z');
      await db.insert(invitations).values(
        [fullUser!, freeAccount!].map((invitee) => ({
          inviterId: inviter!.id,
          inviteeId: invitee.id,
          inviteCode: inviter!.inviteCode,
          sourceType: 'web',
          createdAt: invitedAt,
        })),
      );

      await migrateDatabase(handle);
      const counted = async (inviteeId: string) =>
        (await db.select().from(invitations).where(eq(invitations.inviteeId, inviteeId)))[0]?.countedAt;
      expect(await counted(fullUser!.id)).toEqual(invitedAt);
      expect(await counted(freeAccount!.id)).toBeNull();
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
}
