import { customers } from '../schema/customers';
import { ledgerEntries } from '../schema/ledger-entries';
import type { SeedStep } from '../seed';

/** Invite code of the demo referrer, so the referral entry (`/?inviteCode=DEMO01&sourceType=web`) works offline. */
export const DEMO_REFERRER_INVITE_CODE = 'DEMO01';

/** A demo referrer with a profile and a starting point balance. */
export const demoReferrerSeed: SeedStep = {
  name: 'demo-referrer',
  async run(tx) {
    const [referrer] = await tx
      .insert(customers)
      .values({ handle: 'arena_demo', inviteCode: DEMO_REFERRER_INVITE_CODE })
      .returning({ id: customers.id });
    if (!referrer) throw new Error('demo referrer was not inserted');
    await tx.insert(ledgerEntries).values({
      customerId: referrer.id,
      asset: 'POINT',
      amount: 1000n,
      reason: 'seed:demo-referrer',
      idempotencyKey: 'seed:demo-referrer:points',
    });
  },
};
