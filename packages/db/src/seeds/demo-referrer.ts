import { eq } from 'drizzle-orm';
import { reserveProfileRegistration } from '../profile-registrations';
import { ledgerEntries } from '../schema/ledger-entries';
import { users } from '../schema/users';
import type { SeedStep } from '../seed';

/** Invite code of the demo referrer, so the referral entry (`/?referralCode=DEMO01&sourceType=web`) works offline. */
export const DEMO_REFERRER_REFERRAL_CODE = 'DEMO01';

/** The demo referrer's handle, registered on chain like any player's. */
export const DEMO_REFERRER_HANDLE = 'arena_demo';

/**
 * Owner of the demo referrer's on-chain profile: a fixed address nobody holds a key for (the demo referrer never
 * signs in), the same on every machine.
 */
export const DEMO_REFERRER_PROFILE_OWNER = '0x0000000000000000000000000000000000de0001';

/** A demo referrer with a starting point balance (its profile comes from the next step). */
export const demoReferrerSeed: SeedStep = {
  name: 'demo-referrer',
  async run(tx) {
    const [referrer] = await tx
      .insert(users)
      .values({ referralCode: DEMO_REFERRER_REFERRAL_CODE })
      .returning({ id: users.id });
    if (!referrer) throw new Error('demo referrer was not inserted');
    await tx.insert(ledgerEntries).values({
      userId: referrer.id,
      asset: 'POINT',
      amount: 1000n,
      reason: 'seed:demo-referrer',
      idempotencyKey: 'seed:demo-referrer:points',
    });
  },
};

/**
 * The demo referrer's profile, reserved and registered on chain through the same durable job as a player's, so its
 * handle is taken in the database and on chain alike (no player can be stranded choosing it).
 */
export const demoReferrerProfileSeed: SeedStep = {
  name: 'demo-referrer-profile',
  async run(tx) {
    const [referrer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, DEMO_REFERRER_REFERRAL_CODE));
    if (!referrer) throw new Error('the demo referrer is missing');
    // On a database where a player already holds the handle (before reservations existed), the demo goes without.
    await reserveProfileRegistration(tx, {
      userId: referrer.id,
      handle: DEMO_REFERRER_HANDLE,
      ownerAddress: DEMO_REFERRER_PROFILE_OWNER,
    });
  },
};
