import { profileRegistryAbi } from '@ojo/contracts/generated/abis';
import { customers } from '@ojo/db/schema/customers';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { PROFILE_TEXT } from '@ojo/domain/messages';
import { type Hex, parseEther, toHex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertCustomer } from '../../helpers';
import { devnetEnv, saasHeaders, startTestDevnet } from '../../support/identity';

let chain: Awaited<ReturnType<typeof startTestDevnet>>;

beforeAll(async () => {
  chain = await startTestDevnet();
}, 240_000);
afterAll(async () => {
  await chain?.stop();
});

/** A funded fresh key that calls ProfileRegistry.createProfile(handle) itself, as any account can; its address. */
async function createProfileOnChain(handle: string) {
  const client = createDevnetPublicClient(chain.devnet.rpcUrl);
  const key: Hex = generatePrivateKey();
  const wallet = createDevnetWalletClient(chain.devnet.rpcUrl, key);
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [wallet.account.address, toHex(parseEther('1'))] as never,
  });
  const hash = await wallet.writeContract({
    address: chain.devnet.deployments.contracts.ProfileRegistry,
    abi: profileRegistryAbi,
    functionName: 'createProfile',
    args: [handle],
    chain: null,
  });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
  return wallet.account.address;
}

describeWithDatabases('POST /profile adopting a profile made on chain (devnet)', ({ kind, database }) => {
  const tag = kind === 'pglite' ? 'pg' : 'ps';
  // Reserved names per database kind: the chain is shared by both kinds of this file.
  const reserved = `${tag}_staff`;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {
      ...devnetEnv(chain.devnet, chain.dataDir),
      PROFILE_RESERVED_HANDLES: `admin,${reserved}`,
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const ask = async (ospAa: string, handle: string) => {
    const customer = await insertCustomer(database().db, { ospAaAddress: ospAa.toLowerCase() });
    const response = await app.inject({
      method: 'POST',
      url: '/profile',
      headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(customer.id) },
      payload: { handle },
    });
    const [stored] = await database()
      .db.select({ handle: customers.handle, profileId: customers.profileId })
      .from(customers)
      .where(eq(customers.id, customer.id));
    return { response, stored };
  };

  it('does not adopt an on-chain profile whose handle is reserved', async () => {
    // The registry checks the handle rule itself, but knows nothing of the reserved list.
    const owner = await createProfileOnChain(reserved);
    const { response, stored } = await ask(owner, `${tag}_fresh_name`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'HANDLE_RESERVED',
      message: PROFILE_TEXT.handleNotAvailable,
    });
    expect(stored).toEqual({ handle: null, profileId: null });
  });

  it('adopts an on-chain profile whose handle is allowed', async () => {
    const handle = `${tag}_on_chain`;
    const owner = await createProfileOnChain(handle);
    const { response, stored } = await ask(owner, `${tag}_other_one`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PROFILE_EXISTS', message: PROFILE_TEXT.alreadyCreated });
    expect(stored?.handle).toBe(handle);
    expect(Number(stored?.profileId)).toBeGreaterThan(0);
  });
});
