import { smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { type OjoSmartAccount, toOjoSmartAccount } from '@ojo/contracts/smart-account';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers';
import { consoleSignIn } from '../../support/console';
import { devnetEnv, startTestDevnet } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

let chain: Awaited<ReturnType<typeof startTestDevnet>>;
/** A smart account not deployed yet (signs through ERC-6492) and a deployed one (ERC-1271). */
let counterfactual: OjoSmartAccount;
let deployed: OjoSmartAccount;

beforeAll(async () => {
  chain = await startTestDevnet();
  const { devnet } = chain;
  const client = createDevnetPublicClient(devnet.rpcUrl);
  const factoryAddress = devnet.deployments.contracts.SmartAccountFactory;
  counterfactual = await toOjoSmartAccount({
    client,
    factoryAddress,
    owner: privateKeyToAccount(generatePrivateKey()),
  });
  const deployedOwner = privateKeyToAccount(generatePrivateKey());
  const funder = createDevnetWalletClient(devnet.rpcUrl, devnetKeys.spare[0]);
  await client.waitForTransactionReceipt({
    hash: await funder.writeContract({
      address: factoryAddress,
      abi: smartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [deployedOwner.address, 0n],
    }),
  });
  deployed = await toOjoSmartAccount({ client, factoryAddress, owner: deployedOwner });
}, 240_000);

afterAll(async () => {
  await chain?.stop();
});

describeWithDatabases('console sign-in with smart accounts (a real devnet)', ({ database }) => {
  let app: TestApp;
  const eoa = privateKeyToAccount(generatePrivateKey());

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {
      ...devnetEnv(chain.devnet, chain.dataDir),
      RATE_LIMIT_AUTH_MAX: '1000',
      OPERATOR_OWNER_ADDRESSES: [counterfactual.address, deployed.address, eoa.address].join(','),
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('signs in an EOA, a deployed smart account (ERC-1271) and a counterfactual one (ERC-6492)', async () => {
    const client = createDevnetPublicClient(chain.devnet.rpcUrl);
    expect(await client.getCode({ address: counterfactual.address })).toBeUndefined();
    expect(await client.getCode({ address: deployed.address })).toMatch(/^0x[0-9a-f]+$/);
    for (const account of [eoa, deployed, counterfactual]) {
      const response = await consoleSignIn(app, account);
      expect(response.statusCode, `${account.address}: ${response.body}`).toBe(200);
      expect(response.json().data.operator).toMatchObject({ address: account.address, role: 'owner' });
    }
  });

  it("refuses a smart account's signature over another message", async () => {
    const response = await consoleSignIn(app, {
      address: deployed.address,
      signMessage: () => deployed.signMessage({ message: 'something else' }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().msgKey).toBe('siwe.signature.invalid');
  });
});
