import { smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { getSmartAccountAddress } from '@ojo/contracts/smart-account';
import type { User } from '@ojo/db/schema/users';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { createBalanceReader } from '../../../src/modules/wallet/balance-reader';
import { buildTestApp, insertUser } from '../../helpers';
import { startTestChain, type TestChain } from '../../support/chain';
import { saasHeaders } from '../../support/identity';

/**
 * The wallet calls of product.md 7 on anvil with the real contracts: balance (product.md 3 Balance item), ticker, history from
 * the index (product.md 3 Token history item, product.md 9 paging), processing a transaction at once, the devnet faucet and
 * the local explorer page. A player reads only their own account.
 */
let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

const client = () => createDevnetPublicClient(chain.rpcUrl);
const SIMULATOR_SEED = 'ab'.repeat(32);

it('reads at once share their eth_blockNumber, and a read after a transfer is mined shows it', async () => {
  const node = client();
  let blockNumberCalls = 0;
  const counted = {
    ...node,
    getBlockNumber: (...args: Parameters<typeof node.getBlockNumber>) => {
      blockNumberCalls += 1;
      return node.getBlockNumber(...args);
    },
  } as typeof node;
  const readBalance = createBalanceReader(counted);
  const holder = privateKeyToAccount(generatePrivateKey()).address;
  const before = await node.getBalance({ address: holder });
  blockNumberCalls = 0;
  const reads = await Promise.all(Array.from({ length: 20 }, () => readBalance(holder)));
  expect(reads).toEqual(Array.from({ length: 20 }, () => before));
  // The first read's call, and one shared by the 19 that asked while it was in flight.
  expect(blockNumberCalls).toBe(2);

  const hash = await createDevnetWalletClient(chain.rpcUrl, devnetKeys.spare[2]).sendTransaction({
    to: holder,
    value: 12_345n,
  } as never);
  await node.waitForTransactionReceipt({ hash });
  expect(await readBalance(holder)).toBe(before + 12_345n);
}, 60_000);

describeWithDatabases('wallet calls', ({ database, kind }) => {
  type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
  let app: App;
  let config: Awaited<ReturnType<typeof buildTestApp>>['config'];
  const ownerKey = devnetKeys.spare[kind === 'pglite' ? 4 : 5];
  let account: Address;
  let user: User;
  let otherUser: User;
  let jwt: string;

  const get = async (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: { ...saasHeaders, ...(token ? { jwt_token: token } : {}) } });
  const post = async (url: string, token: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...saasHeaders, jwt_token: token },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    ({ app, config } = await buildTestApp(database(), {
      ...chain.env,
      PRICE_SIMULATOR_SEED: SIMULATOR_SEED,
      JOB_POLL_INTERVAL_MS: '50',
      RATE_LIMIT_AUTH_MAX: '1000',
    }));
    await app.ready();
    const owner = privateKeyToAccount(ownerKey).address;
    const factoryAddress = chain.deployments.contracts.SmartAccountFactory as Address;
    const hash = await createDevnetWalletClient(chain.rpcUrl, ownerKey).writeContract({
      address: factoryAddress,
      abi: smartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [owner, 7n],
    } as never);
    await client().waitForTransactionReceipt({ hash });
    account = await getSmartAccountAddress(client(), { factoryAddress, owner, salt: 7n });
    user = await insertUser(database().db, { smartAccountAddress: account.toLowerCase() });
    otherUser = await insertUser(database().db, {
      smartAccountAddress: privateKeyToAccount(devnetKeys.spare[3]).address.toLowerCase(),
    });
    jwt = await app.issueSessionToken(user.id);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers the ETH ticker from the seeded simulator, and a clear error for a symbol it has no price of', async () => {
    const response = await get('/token/tickers/ETH');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      symbol: 'ETH',
      price: expect.stringMatching(/^\d+(\.\d+)?$/),
      timestamp: expect.any(Number),
      stale: false,
    });
    expect(Number(data.price)).toBeGreaterThan(100);
    expect(Math.abs(data.timestamp - Date.now())).toBeLessThan(5_000);

    const unknown = await get('/token/tickers/NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'Failed to fetch NOPE price',
    });
  });

  it('funds the account from the devnet faucet, and the balance shows it with its USD value', async () => {
    expect((await get('/wallet/settings')).json().data).toEqual({ hasFaucet: true, faucetAmount: '1' });
    const before = await client().getBalance({ address: account });
    const funded = await post('/devnet/faucet', jwt);
    expect(funded.statusCode).toBe(200);
    expect(funded.json().data).toEqual({ txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), amount: '1' });
    expect(await client().getBalance({ address: account })).toBe(before + parseEther('1'));

    const balance = await get('/token/balances', jwt);
    expect(balance.statusCode).toBe(200);
    const [item] = balance.json().data;
    expect(item).toMatchObject({
      balance: (before + parseEther('1')).toString(),
      symbol: 'ETH',
      decimals: 18,
      formattedBalance: String(Number(before + parseEther('1')) / 1e18),
      formattedUsdBalance: expect.stringMatching(/^[\d,]+\.\d\d$/),
    });
    expect(Number(item.usdBalance)).toBeGreaterThan(100);
    expect((await get('/token/balances')).statusCode).toBe(401);
    // An old-type user without a smart account has no wallet to read.
    const oldUser = await insertUser(database().db, { isOldType: true });
    expect((await get('/token/balances', await app.issueSessionToken(oldUser.id))).statusCode).toBe(403);
  }, 60_000);

  it('lists transfers from the index after POST /transaction/process/{hash}, newest first, paged, only the player’s own', async () => {
    // A send from the smart account (inside a contract call), processed at once instead of waiting for the indexer.
    const recipient = privateKeyToAccount(devnetKeys.spare[3]).address;
    const hash = await createDevnetWalletClient(chain.rpcUrl, ownerKey).writeContract({
      address: account,
      abi: smartAccountAbi,
      functionName: 'execute',
      args: [recipient, parseEther('0.01'), '0x'],
    } as never);
    const receipt = await client().waitForTransactionReceipt({ hash });
    const block = await client().getBlock({ blockNumber: receipt.blockNumber });
    const processed = await post(`/transaction/process/${hash}`, jwt);
    expect(processed.statusCode).toBe(200);
    expect(processed.json().data).toEqual({ txHash: hash, mined: true, transfers: 1 });

    const history = await get('/token/histories?from=0&limit=20', jwt);
    expect(history.statusCode).toBe(200);
    const { histories } = history.json().data;
    expect(histories[0]).toEqual({
      created: Number(block.timestamp) * 1000,
      symbol: 'ETH',
      desc: 'Sent ETH',
      amount: '0.01',
      formattedUsdAmount: expect.stringMatching(/^[\d,]+\.\d\d$/),
      side: 'out',
      txHash: hash,
    });
    const page2 = (await get('/token/histories?from=1&limit=1', jwt)).json().data.histories;
    expect(page2).toHaveLength(1);
    expect(page2[0]).toMatchObject({ side: 'in', amount: '1', desc: 'Received ETH' });
    expect((await get('/token/histories?limit=21', jwt)).statusCode).toBe(400);

    // The recipient is another player: their history shows the same transfer coming in, and not the faucet.
    const otherJwt = await app.issueSessionToken(otherUser.id);
    const theirs = (await get('/token/histories', otherJwt)).json().data.histories;
    expect(theirs.map((item: { txHash: string; side: string }) => [item.txHash, item.side])).toEqual([
      [hash, 'in'],
    ]);
  }, 60_000);

  it('says a transaction that is not mined is not mined, and refuses a malformed hash', async () => {
    const unknown = `0x${'12'.repeat(32)}`;
    const response = await post(`/transaction/process/${unknown}`, jwt);
    expect(response.json().data).toEqual({ txHash: unknown, mined: false, transfers: 0 });
    expect((await post('/transaction/process/0x1234', jwt)).statusCode).toBe(400);
  });

  it('shows the address page of the local explorer from the index', async () => {
    const page = await app.inject({ method: 'GET', url: `/explorer/address/${account}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(account.toLowerCase());
    expect(page.body).toContain('0.01 ETH');
    expect(page.body).toContain('OUT');
  });

  it('has no faucet and no explorer page off the local devnet', async () => {
    const remote = await buildApp(
      { ...config, localDevnet: { isLocalDevnet: false, reason: 'a remote chain' } },
      { database: database() },
    );
    try {
      const token = await remote.issueSessionToken(user.id);
      const faucet = await remote.inject({
        method: 'POST',
        url: '/devnet/faucet',
        headers: { ...saasHeaders, jwt_token: token },
      });
      expect(faucet.statusCode).toBe(404);
      const settings = await remote.inject({ method: 'GET', url: '/wallet/settings', headers: saasHeaders });
      expect(settings.json().data).toEqual({ hasFaucet: false, faucetAmount: null });
      expect((await remote.inject({ method: 'GET', url: `/explorer/address/${account}` })).statusCode).toBe(
        404,
      );
    } finally {
      await remote.close();
    }
  });
});
