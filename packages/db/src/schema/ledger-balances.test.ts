import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../client';
import { findLedgerDiscrepancies, getAssetBalances, getBalances } from '../ledger';
import { migrateDatabase } from '../migrate';
import { createTestDatabase, describeWithDatabases, migrationsBefore, testDatabaseKinds } from '../testing';
import { ledgerEntries } from './ledger-entries';
import { users } from './users';

for (const kind of testDatabaseKinds) {
  it(`starts the balance rows from the entries appended before they existed [${kind}]`, async () => {
    const folder = migrationsBefore('0011_ledger_balances_check_ins');
    const handle = await createTestDatabase(kind, { migrate: false });
    try {
      await migrateDatabase(handle, { migrationsFolder: folder });
      const { db } = handle;
      const [user] = await db.insert(users).values({ referralCode: 'BAL001' }).returning();
      const entry = (asset: 'POINT' | 'OJO', amount: bigint, key: string) => ({
        userId: user!.id,
        asset,
        amount,
        reason: 'before-balances',
        idempotencyKey: key,
      });
      await db
        .insert(ledgerEntries)
        .values([entry('POINT', 300n, 'b:1'), entry('POINT', -120n, 'b:2'), entry('OJO', 9n, 'b:3')]);

      await migrateDatabase(handle);
      expect(await getBalances(db, user!.id)).toEqual({ POINT: 180n, OJO: 9n });
      expect(await getAssetBalances(db, user!.id, ['POINT', 'OJO'])).toEqual([
        { asset: 'POINT', balance: 180n, credited: 300n },
        { asset: 'OJO', balance: 9n, credited: 9n },
      ]);
      await db.insert(ledgerEntries).values(entry('OJO', 1n, 'b:4'));
      expect(await getBalances(db, user!.id)).toEqual({ POINT: 180n, OJO: 10n });
      expect(await findLedgerDiscrepancies(db)).toEqual([]);
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    }
    // Two migration runs on a fresh database: slow on a loaded machine.
  }, 180_000);
}

describeWithDatabases('ledger reconciliation', ({ database }) => {
  it('reports a balance that its entries do not explain', async () => {
    const { db } = database();
    const [user] = await db.insert(users).values({ referralCode: 'BAL002' }).returning();
    await db.insert(ledgerEntries).values({
      userId: user!.id,
      asset: 'POINT',
      amount: 50n,
      reason: 'tracked',
      idempotencyKey: 'r:1',
    });
    expect(await findLedgerDiscrepancies(db)).toEqual([]);
    // What an operator's mistake would look like: an entry appended while the balance trigger was off.
    await queryRows(db, sql`alter table ledger_entries disable trigger ledger_entries_apply_to_balance`);
    await db.insert(ledgerEntries).values({
      userId: user!.id,
      asset: 'POINT',
      amount: 5n,
      reason: 'untracked',
      idempotencyKey: 'r:2',
    });
    await queryRows(db, sql`alter table ledger_entries enable trigger ledger_entries_apply_to_balance`);
    expect(await findLedgerDiscrepancies(db)).toEqual([
      {
        userId: user!.id,
        asset: 'POINT',
        balance: 50n,
        credited: 50n,
        entriesTotal: 55n,
        entriesCredited: 55n,
      },
    ]);
  });
});
