import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from './client';
import { ledgerEntries } from './schema/ledger-entries';
import { users } from './schema/users';
import { runSeeds, type SeedStep, seedSteps } from './seed';
import { DEMO_REFERRER_REFERRAL_CODE } from './seeds/demo-referrer';
import { describeWithDatabases } from './testing';

describeWithDatabases('seed', ({ database }) => {
  it('inserts the demo data once, however often it runs', async () => {
    const { db } = database();
    const first = await runSeeds(db);
    expect(first.applied).toEqual(seedSteps.map((step) => step.name));
    const second = await runSeeds(db);
    expect(second).toEqual({ applied: [], skipped: seedSteps.map((step) => step.name) });

    const referrers = await db
      .select()
      .from(users)
      .where(eq(users.referralCode, DEMO_REFERRER_REFERRAL_CODE));
    expect(referrers).toHaveLength(1);
    const points = await db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, referrers[0]!.id));
    expect(points).toEqual([{ amount: 1000n }]);
  });

  it('runs a newly registered step on a database that already has the older ones', async () => {
    const { db } = database();
    await runSeeds(db);
    const extraStep: SeedStep = {
      name: 'test-extra-user',
      async run(tx) {
        await tx.insert(users).values({ handle: 'extra_seed', referralCode: 'EXTRA1' });
      },
    };
    const result = await runSeeds(db, [...seedSteps, extraStep]);
    expect(result.applied).toEqual(['test-extra-user']);
    const rows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users where handle = 'extra_seed'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('records nothing when a step fails, so it runs again next time', async () => {
    const { db } = database();
    const failingStep: SeedStep = {
      name: 'test-failing-step',
      async run(tx) {
        await tx.insert(users).values({ handle: 'half_done', referralCode: 'HALF01' });
        throw new Error('boom');
      },
    };
    await expect(runSeeds(db, [failingStep])).rejects.toThrow('boom');
    const leftovers = await db.select().from(users).where(eq(users.handle, 'half_done'));
    expect(leftovers).toEqual([]);
    const okStep: SeedStep = { ...failingStep, run: async () => {} };
    expect((await runSeeds(db, [okStep])).applied).toEqual(['test-failing-step']);
  });
});
