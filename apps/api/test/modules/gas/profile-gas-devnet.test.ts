import { profileRegistryAbi } from '@ojo/contracts/generated/abis';
import type { Customer } from '@ojo/db/schema/customers';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient } from '@ojo/devnet/clients';
import { PROFILE_TEXT } from '@ojo/domain/messages';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertCustomer } from '../../helpers';
import { devnetEnv, saasHeaders, startTestDevnet } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

let chain: Awaited<ReturnType<typeof startTestDevnet>>;

beforeAll(async () => {
  chain = await startTestDevnet();
}, 240_000);
afterAll(async () => {
  await chain?.stop();
});

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describeWithDatabases('profiles on chain (devnet)', ({ kind, database }) => {
  let app: TestApp;
  const tag = kind === 'pglite' ? 'pg' : 'ps';
  const registry = () => chain.devnet.deployments.contracts.ProfileRegistry;
  const client = () => createDevnetPublicClient(chain.devnet.rpcUrl);

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), devnetEnv(chain.devnet, chain.dataDir)));
  });
  afterAll(async () => {
    await app?.close();
  });

  const asCustomer = async (customer: Customer) => ({
    ...saasHeaders,
    jwt_token: await app.issueSessionToken(customer.id),
  });
  const createProfile = async (customer: Customer, handle: string) =>
    app.inject({ method: 'POST', url: '/profile', headers: await asCustomer(customer), payload: { handle } });

  describe('profile service', () => {
    it('lists the reserved handles', async () => {
      const response = await app.inject({ method: 'GET', url: '/profile/whitelist', headers: saasHeaders });
      expect(response.json().obj).toEqual(['admin', 'ojo', 'ojoarena', 'support', 'official', 'arena']);
    });

    it('creates the profile on chain for the smart account and stores it', async () => {
      const owner = newAddress();
      const customer = await insertCustomer(database().db, { ospAaAddress: owner.toLowerCase() });
      const handle = `${tag}_player_one`;
      const response = await createProfile(customer, handle);
      expect(response.statusCode).toBe(200);
      const profile = response.json().obj;
      expect(profile.handle).toBe(handle);

      const onChainId = await client().readContract({
        address: registry(),
        abi: profileRegistryAbi,
        functionName: 'profileOf',
        args: [owner],
      });
      expect(profile.profile_id).toBe(onChainId.toString());
      expect(
        await client().readContract({
          address: registry(),
          abi: profileRegistryAbi,
          functionName: 'handleOf',
          args: [onChainId],
        }),
      ).toBe(handle);

      const mine = await app.inject({ method: 'GET', url: '/profile', headers: await asCustomer(customer) });
      expect(mine.json().obj).toEqual(profile);
      const byHandle = await app.inject({
        method: 'GET',
        url: `/profile/handle/${handle}`,
        headers: saasHeaders,
      });
      expect(byHandle.json().obj).toEqual({ ...profile, owner });
      const free = await app.inject({
        method: 'GET',
        url: `/profile/handle/${tag}_free_one`,
        headers: saasHeaders,
      });
      expect(free.json()).toMatchObject({ success: true, obj: null });

      const again = await createProfile(customer, `${tag}_second`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'PROFILE_EXISTS', message: PROFILE_TEXT.alreadyCreated });

      const other = await insertCustomer(database().db, { ospAaAddress: newAddress().toLowerCase() });
      const taken = await createProfile(other, handle);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ success: false, code: 'HANDLE_TAKEN', msgKey: 'HANDLE_TAKEN' });
    });

    it('refuses an invalid handle with the exact text and a reserved one as not available', async () => {
      const customer = await insertCustomer(database().db, { ospAaAddress: newAddress().toLowerCase() });
      for (const handle of ['Bad!', 'abc', 'a_very_long_handle_x']) {
        const response = await createProfile(customer, handle);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(
          'Restrict input to lowercase letters,numbers,underscores,Must be 4 and 15 characters.',
        );
      }
      const reserved = await createProfile(customer, 'admin');
      expect(reserved.statusCode).toBe(409);
      expect(reserved.json().message).toBe('This handle name is not available. Please try another.');
    });

    it('refuses a customer without a smart account', async () => {
      const customer = await insertCustomer(database().db, { isOldType: true });
      const response = await createProfile(customer, `${tag}_no_aa`);
      expect(response.statusCode).toBe(403);
      expect(response.json().msgKey).toBe('profile.smart.account.required');
    });
  });
});
