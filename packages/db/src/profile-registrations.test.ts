import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { findJob } from './jobs';
import {
  PROFILE_REGISTER_JOB,
  profileRegisterJobKey,
  reserveProfileRegistration,
} from './profile-registrations';
import { profileRegistrations } from './schema/profile-registrations';
import { users } from './schema/users';
import { runSeeds } from './seed';
import {
  DEMO_REFERRER_HANDLE,
  DEMO_REFERRER_PROFILE_OWNER,
  DEMO_REFERRER_REFERRAL_CODE,
} from './seeds/demo-referrer';
import { describeWithDatabases } from './testing';

let counter = 0;
const tag = () => `${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`;

describeWithDatabases('profile registrations', ({ kind, database }) => {
  const newUser = async (values: { handle?: string } = {}) => {
    const [user] = await database()
      .db.insert(users)
      .values({ referralCode: randomBytes(3).toString('hex'), ...values })
      .returning();
    return user!;
  };
  const reserve = (userId: string, handle: string, owner = '0x00000000000000000000000000000000000000AB') =>
    database().db.transaction((tx) =>
      reserveProfileRegistration(tx, { userId, handle, ownerAddress: owner }),
    );

  it('reserves the handle and enqueues its registration job in one transaction', async () => {
    const user = await newUser();
    const handle = `r_${tag()}`;
    const reserved = await reserve(user.id, handle);
    expect(reserved.outcome).toBe('reserved');
    if (reserved.outcome !== 'reserved') return;
    expect(reserved.registration).toMatchObject({
      handle,
      status: 'pending',
      attempt: 1,
      ownerAddress: '0x00000000000000000000000000000000000000ab',
    });
    expect(await findJob(database().db, profileRegisterJobKey(reserved.registration))).toMatchObject({
      kind: PROFILE_REGISTER_JOB,
      state: 'queued',
      payload: { registrationId: reserved.registration.id },
    });
  });

  it('answers the registration under way instead of starting another', async () => {
    const user = await newUser();
    const handle = `r_${tag()}`;
    await reserve(user.id, handle);
    const again = await reserve(user.id, `r_${tag()}`);
    expect(again).toMatchObject({ outcome: 'existing', registration: { handle, attempt: 1 } });
  });

  it("refuses a handle another user reserved, or holds from before reservations (the demo's)", async () => {
    const handle = `r_${tag()}`;
    await reserve((await newUser()).id, handle);
    expect(await reserve((await newUser()).id, handle)).toEqual({ outcome: 'handle-taken' });
    const legacy = `l_${tag()}`;
    await newUser({ handle: legacy });
    expect(await reserve((await newUser()).id, legacy)).toEqual({ outcome: 'handle-taken' });
  });

  it('retries a failed registration as the next attempt, with a new job', async () => {
    const user = await newUser();
    const first = await reserve(user.id, `r_${tag()}`);
    if (first.outcome !== 'reserved') throw new Error('not reserved');
    await database()
      .db.update(profileRegistrations)
      .set({ status: 'failed', failureCode: 'TRANSACTION_FAILED' })
      .where(eq(profileRegistrations.id, first.registration.id));
    const handle = `r_${tag()}`;
    const retry = await reserve(user.id, handle);
    expect(retry).toMatchObject({
      outcome: 'reserved',
      registration: { id: first.registration.id, handle, attempt: 2, status: 'pending', failureCode: null },
    });
    if (retry.outcome !== 'reserved') return;
    expect(await findJob(database().db, profileRegisterJobKey(retry.registration))).toMatchObject({
      state: 'queued',
    });
  });

  it(`gives a handle to one of many users asking at once (${kind})`, async () => {
    const handle = `r_${tag()}`;
    const people = await Promise.all([0, 1, 2, 3].map(() => newUser()));
    const outcomes = await Promise.all(people.map((person) => reserve(person.id, handle)));
    expect(outcomes.filter((outcome) => outcome.outcome === 'reserved')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'handle-taken')).toHaveLength(3);
  });

  it("seeds the demo referrer's profile through the same registration job", async () => {
    await runSeeds(database().db);
    const [referrer] = await database()
      .db.select()
      .from(users)
      .where(eq(users.referralCode, DEMO_REFERRER_REFERRAL_CODE));
    // Nothing claims the handle in users before the chain has it.
    expect(referrer?.handle).toBeNull();
    const [registration] = await database()
      .db.select()
      .from(profileRegistrations)
      .where(eq(profileRegistrations.userId, referrer!.id));
    expect(registration).toMatchObject({
      handle: DEMO_REFERRER_HANDLE,
      ownerAddress: DEMO_REFERRER_PROFILE_OWNER,
      status: 'pending',
    });
    expect(await findJob(database().db, profileRegisterJobKey(registration!))).toMatchObject({
      kind: PROFILE_REGISTER_JOB,
    });
    // A player choosing the demo's handle is refused before anything reaches the chain.
    expect(await reserve((await newUser()).id, DEMO_REFERRER_HANDLE)).toEqual({
      outcome: 'handle-taken',
    });
  });
});
