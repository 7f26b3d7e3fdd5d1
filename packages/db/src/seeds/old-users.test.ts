import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { oldLoginLocks } from '../schema/old-login-locks';
import { users } from '../schema/users';
import { runSeeds } from '../seed';
import { describeWithDatabases } from '../testing';
import { OLD_USER_TEST_IDENTITIES } from './old-user-identities';
import { oldUsersSeed } from './old-users';

describeWithDatabases('old-users seed', ({ database }) => {
  it('creates one old-type user per test identity, with its web3auth address and no smart account', async () => {
    const { db } = database();
    await runSeeds(db, [oldUsersSeed]);
    const rows = await db.select().from(users).where(eq(users.isOldType, true));
    expect(rows).toHaveLength(OLD_USER_TEST_IDENTITIES.length);
    for (const identity of OLD_USER_TEST_IDENTITIES) {
      const row = rows.find((candidate) => candidate.loginSubject === identity.subject);
      expect(row).toMatchObject({
        loginProvider: identity.provider,
        web3authAddress: identity.web3authAddress,
        smartAccountAddress: null,
      });
    }
    expect(new Set(OLD_USER_TEST_IDENTITIES.map((identity) => identity.provider))).toEqual(
      new Set(['google', 'twitter', 'apple']),
    );
  });

  it('locks exactly the flagged identity for cause code 5115', async () => {
    const { db } = database();
    const locks = await db
      .select({ subject: users.loginSubject })
      .from(oldLoginLocks)
      .innerJoin(users, eq(users.id, oldLoginLocks.userId));
    expect(locks).toEqual(
      OLD_USER_TEST_IDENTITIES.filter((identity) => identity.lockReason).map((identity) => ({
        subject: identity.subject,
      })),
    );
  });

  it('adds nothing twice when the step body runs again (rows created earlier are kept)', async () => {
    const { db } = database();
    const before = await db.select().from(users);
    // Run the step body again, as if the seed_runs row were missing: no duplicates, no errors.
    await db.transaction((tx) => oldUsersSeed.run(tx));
    expect(await db.select().from(users)).toEqual(before);
    expect(await db.select().from(oldLoginLocks)).toHaveLength(1);
  });
});
