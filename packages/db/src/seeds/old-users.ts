import { and, eq } from 'drizzle-orm';
import { oldLoginLocks } from '../schema/old-login-locks';
import { users } from '../schema/users';
import type { SeedStep } from '../seed';
import { OLD_USER_TEST_IDENTITIES } from './old-user-identities';

/** Referral codes of the seeded old users (6 letters and digits, unique). */
const REFERRAL_CODES = ['OLDADA', 'OLDBOB', 'OLDCY1', 'OLDDEE'] as const;

export const oldUsersSeed: SeedStep = {
  name: 'old-users',
  async run(tx) {
    for (const [index, identity] of OLD_USER_TEST_IDENTITIES.entries()) {
      // A login may have created the account before this step ran; keep that row.
      await tx
        .insert(users)
        .values({
          isOldType: true,
          loginProvider: identity.provider,
          loginSubject: identity.subject,
          web3authAddress: identity.web3authAddress,
          referralCode: REFERRAL_CODES[index] ?? '',
        })
        .onConflictDoNothing();
      if (!identity.lockReason) continue;
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.loginProvider, identity.provider), eq(users.loginSubject, identity.subject)));
      if (!user) throw new Error(`old user ${identity.email} was not inserted`);
      await tx
        .insert(oldLoginLocks)
        .values({ userId: user.id, reason: identity.lockReason })
        .onConflictDoNothing();
    }
  },
};
