import { profileRegistryAbi } from '@ojo/contracts/generated/abis';
import { queryRows } from '@ojo/db/client';
import type { User } from '@ojo/db/schema/users';
import { users } from '@ojo/db/schema/users';
import { runSeeds } from '@ojo/db/seed';
import { DEMO_REFERRER_HANDLE, DEMO_REFERRER_REFERRAL_CODE } from '@ojo/db/seeds/demo-referrer';
import { eq, sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetAddresses, devnetKeys } from '@ojo/devnet/keys';
import { PROFILE_ERRORS } from '@ojo/domain/error-catalogue';
import { PROFILE_TEXT } from '@ojo/domain/messages';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { startTestChain, type TestChain } from '../../support/chain';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

let chain: TestChain;

beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const client = () => createDevnetPublicClient(chain.rpcUrl);
const registry = () => chain.deployments.contracts.ProfileRegistry;
const readRegistry = (functionName: 'profileOf' | 'profileIdOfHandle', arg: string) =>
  client().readContract({
    address: registry(),
    abi: profileRegistryAbi,
    functionName,
    args: [arg],
  } as never) as Promise<bigint>;
const rpc = (method: string, params: unknown[] = []) => client().request({ method, params } as never);
const signerNonce = () =>
  client().getTransactionCount({ address: devnetAddresses.apiSigner, blockTag: 'pending' });

/** What the registrar wrote on chain without this database knowing (an answer lost, or another database). */
async function registerDirectly(owner: Address, handle: string) {
  const registrar = createDevnetWalletClient(chain.rpcUrl, devnetKeys.apiSigner);
  const hash = await registrar.writeContract({
    address: registry(),
    abi: profileRegistryAbi,
    functionName: 'createProfileFor',
    args: [owner, handle],
    chain: null,
  });
  expect((await client().waitForTransactionReceipt({ hash })).status).toBe('success');
}

describeWithDatabases('profile registration as a durable job (devnet)', ({ kind, database }) => {
  const tag = kind === 'pglite' ? 'pg' : 'ps';
  // Per database kind: both kinds of this file share one chain.
  const reserved = `${tag}_staff`;
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {
      ...chain.env,
      PROFILE_RESERVED_HANDLES: `admin,${reserved}`,
      JOB_POLL_INTERVAL_MS: '100',
      // Every request here comes from 127.0.0.1: the per-address limit has its own test.
      PROFILE_DAILY_PER_CLIENT: '1000',
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const headersOf = async (user: User, target = app) => ({
    ...saasHeaders,
    jwt_token: await target.issueSessionToken(user.id),
  });
  const post = async (user: User, handle: string, target = app, remoteAddress = '127.0.0.1') =>
    target.inject({
      method: 'POST',
      url: '/profile',
      headers: await headersOf(user, target),
      payload: { handle },
      remoteAddress,
    });
  const mine = async (user: User) =>
    (await app.inject({ method: 'GET', url: '/profile', headers: await headersOf(user) })).json().obj;
  /** Polls GET /profile as the web does, until the job decided. */
  const settled = async (user: User) => {
    await expect.poll(async () => (await mine(user))?.status, { timeout: 30_000 }).not.toBe('creating');
    return mine(user);
  };
  const player = (owner: Address = newAddress()) =>
    insertUser(database().db, { smartAccountAddress: owner.toLowerCase() });

  it('reserves the handle, answers creating at once, then the job creates the profile on chain', async () => {
    const owner = newAddress();
    const user = await player(owner);
    const handle = `${tag}_player_one`;
    const response = await post(user, handle);
    expect(response.statusCode).toBe(202);
    expect(response.json().obj).toEqual({ profile_id: null, handle, status: 'creating', failure_code: null });

    const profile = await settled(user);
    const onChainId = await readRegistry('profileOf', owner);
    expect(onChainId).toBeGreaterThan(0n);
    expect(profile).toEqual({
      profile_id: onChainId.toString(),
      handle,
      status: 'created',
      failure_code: null,
    });
    const [stored] = await database()
      .db.select({ handle: users.handle, profileId: users.profileId })
      .from(users)
      .where(eq(users.id, user.id));
    expect(stored).toEqual({ handle, profileId: onChainId.toString() });

    const byHandle = await app.inject({
      method: 'GET',
      url: `/profile/handle/${handle}`,
      headers: saasHeaders,
    });
    expect(byHandle.json().obj).toEqual({
      profile_id: onChainId.toString(),
      handle,
      owner: getAddress(owner),
    });
    const free = await app.inject({
      method: 'GET',
      url: `/profile/handle/${tag}_free_one`,
      headers: saasHeaders,
    });
    expect(free.json()).toMatchObject({ success: true, obj: null });

    const again = await post(user, `${tag}_second`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PROFILE_EXISTS', message: PROFILE_TEXT.alreadyCreated });
  });

  it('refuses a handle another player holds from the database, before any transaction', async () => {
    const handle = `${tag}_first_come`;
    const first = await player();
    expect((await post(first, handle)).statusCode).toBe(202);
    const nonceBefore = await signerNonce();
    const second = await player();
    const taken = await post(second, handle);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, code: 'HANDLE_TAKEN', msgKey: 'HANDLE_TAKEN' });
    expect(await mine(second)).toBeNull();
    await settled(first);
    // One registration, one transaction: the refused request sent none.
    expect((await signerNonce()) - nonceBefore).toBeLessThanOrEqual(1);
  });

  it('answers the registration under way when asked again, without a second job', async () => {
    const user = await player();
    const handle = `${tag}_patient`;
    // Blocks wait for us, so the registration is still under way when asked again (the job runner would otherwise
    // race the second request and may already have created the profile: 409 PROFILE_EXISTS).
    await rpc('evm_setAutomine', [false]);
    try {
      expect((await post(user, handle)).statusCode).toBe(202);
      const again = await post(user, `${tag}_impatient`);
      expect(again.statusCode).toBe(202);
      expect(again.json().obj).toMatchObject({ handle, status: 'creating' });
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await rpc('evm_mine');
    expect((await settled(user)).handle).toBe(handle);
    const [{ registrations } = { registrations: 0 }] = await queryRows<{ registrations: number }>(
      database().db,
      sql`select count(*)::int as registrations from jobs
        join profile_registrations on profile_registrations.id::text = jobs.payload->>'registrationId'
        where jobs.kind = 'profile.register' and profile_registrations.user_id = ${user.id}`,
    );
    expect(registrations).toBe(1);
  });

  it('refuses an invalid handle with the exact text, a reserved one as not available, and no smart account', async () => {
    const user = await player();
    for (const handle of ['Bad!', 'abc', 'a_very_long_handle_x']) {
      const response = await post(user, handle);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PROFILE_TEXT.handleError);
    }
    for (const handle of ['admin', reserved]) {
      const response = await post(user, handle);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(PROFILE_TEXT.handleNotAvailable);
    }
    const oldType = await insertUser(database().db, { isOldType: true });
    const response = await post(oldType, `${tag}_no_aa`);
    expect(response.statusCode).toBe(403);
    expect(response.json().msgKey).toBe('profile.smart.account.required');
    expect(await mine(user)).toBeNull();
  });

  it("registers the seeded demo referrer's handle on chain; a player choosing it is refused, not stranded", async () => {
    await runSeeds(database().db);
    app.jobs.wake();
    const [demo] = await database()
      .db.select()
      .from(users)
      .where(eq(users.referralCode, DEMO_REFERRER_REFERRAL_CODE));
    await expect.poll(async () => (await mine(demo!))?.status, { timeout: 30_000 }).toBe('created');
    expect(await readRegistry('profileIdOfHandle', DEMO_REFERRER_HANDLE)).toBeGreaterThan(0n);

    const owner = newAddress();
    const user = await player(owner);
    const nonceBefore = await signerNonce();
    const response = await post(user, DEMO_REFERRER_HANDLE);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('HANDLE_TAKEN');
    // Nothing was written on chain for the player, and a new handle works at once (no stranded account).
    expect(await signerNonce()).toBe(nonceBefore);
    expect(await readRegistry('profileOf', owner)).toBe(0n);
    expect((await post(user, `${tag}_after_demo`)).statusCode).toBe(202);
    expect((await settled(user)).status).toBe('created');
  });

  it('adopts the profile the account already has on chain, when its handle is allowed', async () => {
    const owner = newAddress();
    const handle = `${tag}_lost_answer`;
    await registerDirectly(owner, handle);
    const user = await player(owner);
    expect((await post(user, `${tag}_other_name`)).statusCode).toBe(202);
    expect(await settled(user)).toMatchObject({ handle, status: 'created' });
  });

  it('fails the registration when the account holds a reserved handle on chain', async () => {
    const owner = newAddress();
    await registerDirectly(owner, reserved);
    const user = await player(owner);
    expect((await post(user, `${tag}_fresh_name`)).statusCode).toBe(202);
    expect(await settled(user)).toMatchObject({ status: 'failed', failure_code: 'HANDLE_RESERVED' });
    const [stored] = await database()
      .db.select({ handle: users.handle })
      .from(users)
      .where(eq(users.id, user.id));
    expect(stored?.handle).toBeNull();
  });

  it('reports HANDLE_TAKEN when the chain has the handle for another account; Retry with another handle works', async () => {
    const handle = `${tag}_chain_only`;
    await registerDirectly(newAddress(), handle);
    const user = await player();
    expect((await post(user, handle)).statusCode).toBe(202);
    expect(await settled(user)).toEqual({
      profile_id: null,
      handle,
      status: 'failed',
      failure_code: 'HANDLE_TAKEN',
    });
    expect((await post(user, `${tag}_second_try`)).statusCode).toBe(202);
    expect(await settled(user)).toMatchObject({ handle: `${tag}_second_try`, status: 'created' });
  });

  describe('the global daily budget', () => {
    let limited: TestApp | undefined;
    afterAll(async () => {
      await limited?.close();
    });

    it('refuses registrations past the daily count with 429 PROFILE_DAILY_LIMIT', async () => {
      const [{ started } = { started: 0 }] = await queryRows<{ started: number }>(
        database().db,
        sql`select count(*)::int as started from jobs where kind = 'profile.register'`,
      );
      limited = (
        await buildTestApp(database(), {
          ...chain.env,
          JOB_RUNNER: 'false',
          PROFILE_DAILY_PER_CLIENT: '1000',
          PROFILE_DAILY_REGISTRATIONS: String(started),
        })
      ).app;
      const response = await post(await player(), `${tag}_over_count`, limited);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ success: false, code: 'PROFILE_DAILY_LIMIT' });
    });

    it('refuses registrations once their real gas cost reached the budget with 429 PROFILE_GAS_BUDGET', async () => {
      // Some gas was really spent today (a registration mined).
      const first = await player();
      await post(first, `${tag}_spends_gas`);
      expect((await settled(first)).status).toBe('created');
      await limited?.close();
      limited = (
        await buildTestApp(database(), {
          ...chain.env,
          JOB_RUNNER: 'false',
          PROFILE_DAILY_PER_CLIENT: '1000',
          PROFILE_DAILY_GAS_BUDGET_WEI: '1',
        })
      ).app;
      const user = await player();
      const response = await post(user, `${tag}_over_gas`, limited);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ success: false, code: 'PROFILE_GAS_BUDGET' });
      expect(await mine(user)).toBeNull();
    });
  });
  describe('the daily limit per client address', () => {
    let perClient: TestApp | undefined;
    afterAll(async () => {
      await perClient?.close();
    });

    it('stops one address at PROFILE_DAILY_PER_CLIENT (default 5) with 429, while another address still registers', async () => {
      // No job runner: the registrations are only reserved and enqueued, which is what the limit counts.
      perClient = (await buildTestApp(database(), { ...chain.env, JOB_RUNNER: 'false' })).app;
      const farm = '198.51.100.23';
      for (let index = 0; index < 5; index += 1) {
        expect((await post(await player(), `${tag}_farm_${index}`, perClient, farm)).statusCode).toBe(202);
      }
      const sixth = await player();
      const refused = await post(sixth, `${tag}_farm_5`, perClient, farm);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'PROFILE_CLIENT_DAILY_LIMIT',
        message: PROFILE_ERRORS.clientDailyLimit.text,
      });
      expect(await mine(sixth)).toBeNull();
      expect((await post(await player(), `${tag}_elsewhere`, perClient, '203.0.113.23')).statusCode).toBe(
        202,
      );
    });
  });
});
