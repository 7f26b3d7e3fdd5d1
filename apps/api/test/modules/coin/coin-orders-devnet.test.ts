import { smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { getSmartAccountAddress } from '@ojo/contracts/smart-account';
import { findLedgerDiscrepancies, getBalance } from '@ojo/db/ledger';
import { coinOrders, coinPayments } from '@ojo/db/schema/coin';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import type { User } from '@ojo/db/schema/users';
import { eq, like } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { type Address, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readCostBasis } from '../../../src/modules/coin/cost-basis';
import { buildTestApp, insertUser } from '../../helpers';
import { startTestChain, type TestChain } from '../../support/chain';
import { saasHeaders } from '../../support/identity';

/**
 * Buying OJO with ETH (product.md 4 Buy OJO, product.md 7 coin calls) on anvil with the real smart accounts: a payment is
 * credited once however often it is reported, a payment found only by the chain index is credited too, and
 * payments for another order, too small, to another address, reverted or removed by a reorganisation credit nothing.
 * One confirmation is required here, so a payment counts once the next block exists.
 */
let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

const client = () => createDevnetPublicClient(chain.rpcUrl);
const rpc = (method: string, params: unknown[] = []) =>
  (client().request as unknown as (args: { method: string; params: unknown[] }) => Promise<unknown>)({
    method,
    params,
  });
const mineBlock = () => rpc('anvil_mine', ['0x1']);
const RECEIPT = '0x00000000000000000000000000000000000c0175' as Address;
const ELSEWHERE = '0x00000000000000000000000000000000000e15e0' as Address;

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeWithDatabases('buying OJO with ETH', ({ database, kind }) => {
  type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
  let app: App;
  const keys =
    kind === 'pglite'
      ? [devnetKeys.spare[0], devnetKeys.spare[1]]
      : [devnetKeys.spare[2], devnetKeys.spare[3]];
  const players: { key: Hex; account: Address; user: User; jwt: string }[] = [];

  const call = async (method: 'GET' | 'POST', url: string, jwt?: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { ...saasHeaders, ...(jwt ? { jwt_token: jwt } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** The smart account runs `execute(to, value, data)`, sent by its owner. */
  const pay = async (from: number, to: Address, value: bigint, data: Hex, gas?: bigint) => {
    const player = players[from] as (typeof players)[number];
    const hash = await createDevnetWalletClient(chain.rpcUrl, player.key).writeContract({
      address: player.account,
      abi: smartAccountAbi,
      functionName: 'execute',
      args: [to, value, data],
      ...(gas ? { gas } : {}),
    } as never);
    await client().waitForTransactionReceipt({ hash });
    return hash;
  };
  const order = async (from: number, body: object) => {
    const response = await call('POST', '/coin/orders', players[from]?.jwt, body);
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      orderId: string;
      quoteWei: string;
      callData: Hex;
      receiptAddress: Address;
    };
  };
  const ojo = (from: number) =>
    getBalance(database().db, (players[from] as (typeof players)[number]).user.id, 'OJO');
  const orderState = async (id: string) =>
    (await database().db.select().from(coinOrders).where(eq(coinOrders.id, id)))[0]?.state;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {
      ...chain.env,
      PRICE_SIMULATOR_SEED: 'cd'.repeat(32),
      RATE_LIMIT_AUTH_MAX: '100000',
      RATE_LIMIT_MAX: '100000',
      INDEXER_ENABLED: 'true',
      INDEXER_POLL_MS: '100',
      COIN_WATCH_MS: '100',
      COIN_CONFIRMATIONS: '1',
      COIN_RECEIPT_ADDRESS: RECEIPT,
      COIN_MIN_QTY: '10',
      COIN_DISCOUNTS: 'small:100:0,big:1000:10',
    }));
    await app.ready();
    const factoryAddress = chain.deployments.contracts.SmartAccountFactory as Address;
    const funder = createDevnetWalletClient(chain.rpcUrl, devnetKeys.deployer);
    for (const key of keys) {
      const owner = privateKeyToAccount(key).address;
      const created = await createDevnetWalletClient(chain.rpcUrl, key).writeContract({
        address: factoryAddress,
        abi: smartAccountFactoryAbi,
        functionName: 'createAccount',
        args: [owner, 11n],
      } as never);
      await client().waitForTransactionReceipt({ hash: created });
      const account = await getSmartAccountAddress(client(), { factoryAddress, owner, salt: 11n });
      const funded = await funder.sendTransaction({ to: account, value: parseEther('5') } as never);
      await client().waitForTransactionReceipt({ hash: funded });
      const user = await insertUser(database().db, { smartAccountAddress: account.toLowerCase() });
      players.push({ key, account, user, jwt: await app.issueSessionToken(user.id) });
    }
  }, 90_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers the coin config and the discount packages at the current price', async () => {
    const configs = (await call('GET', '/coin/configs')).json().data;
    expect(configs).toMatchObject({
      minQty: '10',
      receiptAddress: RECEIPT,
      tokenConfigs: [{ symbol: 'ETH' }],
    });
    expect(Number(configs.tokenConfigs[0].price)).toBeGreaterThan(100);
    const { discounts } = (await call('GET', '/coin/discounts')).json().data;
    expect(
      discounts.map((item: { id: string; baseQty: string; discount: number }) => [
        item.id,
        item.baseQty,
        item.discount,
      ]),
    ).toEqual([
      ['small', '100', 0],
      ['big', '1000', 10],
    ]);
    expect(Number(discounts[1].quoteQty)).toBeLessThan(Number(discounts[1].listQuoteQty));
    expect(
      (await call('POST', '/coin/orders', players[0]?.jwt, { base: 'OJO', quote: 'ETH', baseQty: '9' }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/coin/orders', players[0]?.jwt, { packageId: 'nope' })).statusCode).toBe(404);
    expect((await call('POST', '/coin/orders', undefined, { packageId: 'small' })).statusCode).toBe(401);
  });

  it('credits an order once when its payment is reported 100 times at once', async () => {
    const before = await ojo(0);
    const placed = await order(0, { base: 'OJO', quote: 'ETH', baseQty: '123' });
    expect(placed.receiptAddress).toBe(RECEIPT);
    const hash = await pay(0, RECEIPT, BigInt(placed.quoteWei), placed.callData);
    await mineBlock();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => call('POST', `/transaction/process/${hash}`, players[0]?.jwt)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(200));
    expect(await ojo(0)).toBe(before + 123n);
    const entries = await database()
      .db.select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.idempotencyKey, `coin:order:${placed.orderId}%`));
    expect(entries).toHaveLength(1);
    expect(await orderState(placed.orderId)).toBe('done');
    // The OJO carries its cost once, however often the payment was reported.
    expect(await readCostBasis(database().db, (players[0] as (typeof players)[number]).user.id)).toEqual({
      qty: 123n,
      wei: BigInt(placed.quoteWei),
    });
    const { histories } = (await call('GET', '/coin/histories', players[0]?.jwt)).json().data;
    expect(histories[0]).toMatchObject({
      orderId: placed.orderId,
      baseQty: '123',
      state: 'done',
      txHash: hash,
    });
  }, 60_000);

  it('credits a package payment nobody reported, once the chain index sees it', async () => {
    const before = await ojo(1);
    const placed = await order(1, { packageId: 'big' });
    await pay(1, RECEIPT, BigInt(placed.quoteWei), placed.callData);
    await mineBlock();
    await until(
      () => ojo(1),
      (balance) => balance === before + 1000n,
      'the watcher to credit the package',
    );
    expect(await orderState(placed.orderId)).toBe('done');
  }, 60_000);

  it('credits nothing for a payment naming another player’s order, too little value or another recipient', async () => {
    const [before0, before1] = [await ojo(0), await ojo(1)];
    const theirs = await order(1, { base: 'OJO', quote: 'ETH', baseQty: '50' });
    const wrongPayer = await pay(0, RECEIPT, BigInt(theirs.quoteWei), theirs.callData);
    const mine = await order(0, { base: 'OJO', quote: 'ETH', baseQty: '60' });
    const tooLittle = await pay(0, RECEIPT, BigInt(mine.quoteWei) - 1n, mine.callData);
    const other = await order(0, { base: 'OJO', quote: 'ETH', baseQty: '70' });
    const elsewhere = await pay(0, ELSEWHERE, BigInt(other.quoteWei), other.callData);
    await mineBlock();
    for (const hash of [wrongPayer, tooLittle, elsewhere]) {
      expect((await call('POST', `/transaction/process/${hash}`, players[0]?.jwt)).statusCode).toBe(200);
    }
    // The watcher looked at them too (each is in the index) and decided the same.
    await until(
      async () =>
        (await database().db.select().from(coinPayments).where(eq(coinPayments.txHash, tooLittle)))[0]
          ?.status,
      (status) => status === 'rejected',
      'the too-little payment to be rejected',
    );
    expect(await orderState(theirs.orderId)).toBe('created');
    expect(await orderState(mine.orderId)).toBe('rejected');
    expect(await orderState(other.orderId)).toBe('created');
    expect([await ojo(0), await ojo(1)]).toEqual([before0, before1]);
  }, 60_000);

  it('credits nothing for a reverted payment', async () => {
    const before = await ojo(0);
    const placed = await order(0, { base: 'OJO', quote: 'ETH', baseQty: '80' });
    // More than the account holds: the inner call fails and the whole transaction reverts.
    const hash = await pay(0, RECEIPT, parseEther('1000'), placed.callData, 300_000n);
    expect((await client().getTransactionReceipt({ hash })).status).toBe('reverted');
    await mineBlock();
    expect((await call('POST', `/transaction/process/${hash}`, players[0]?.jwt)).statusCode).toBe(200);
    expect(await orderState(placed.orderId)).toBe('created');
    expect(await ojo(0)).toBe(before);
  }, 60_000);

  it('credits nothing for a payment a reorganisation removed before its confirmation', async () => {
    const before = await ojo(0);
    const placed = await order(0, { base: 'OJO', quote: 'ETH', baseQty: '90' });
    const snapshot = await rpc('evm_snapshot');
    const hash = await pay(0, RECEIPT, BigInt(placed.quoteWei), placed.callData);
    const reported = await call('POST', `/transaction/process/${hash}`, players[0]?.jwt);
    expect(reported.json().data.mined).toBe(true);
    expect(await orderState(placed.orderId)).toBe('approved');
    await rpc('evm_revert', [snapshot]);
    await rpc('anvil_mine', ['0x3']);
    await until(
      () => orderState(placed.orderId),
      (state) => state === 'created',
      'the order to be open again',
    );
    expect((await call('POST', `/transaction/process/${hash}`, players[0]?.jwt)).json().data.mined).toBe(
      false,
    );
    expect(await ojo(0)).toBe(before);
    expect(await findLedgerDiscrepancies(database().db)).toEqual([]);
  }, 60_000);
  it('refuses more than COIN_MAX_OPEN_ORDERS unpaid orders per player, also under 12 concurrent creates', async () => {
    const account = privateKeyToAccount(generatePrivateKey()).address;
    const user = await insertUser(database().db, { smartAccountAddress: account.toLowerCase() });
    const jwt = await app.issueSessionToken(user.id);
    const body = { base: 'OJO', quote: 'ETH', baseQty: '20' };
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => call('POST', '/coin/orders', jwt, body)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
        422,
        'COIN_TOO_MANY_OPEN_ORDERS',
        'Too many unpaid orders: pay or cancel one in your purchase history, or wait for its quote to run out',
      ]);
    }
    const mine = () => database().db.select().from(coinOrders).where(eq(coinOrders.userId, user.id));
    expect(await mine()).toHaveLength(5);
    // An expired quote no longer counts: one more order may be placed, and no more.
    const [first] = await mine();
    await database()
      .db.update(coinOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coinOrders.id, first?.id as string));
    expect((await call('POST', '/coin/orders', jwt, body)).statusCode).toBe(200);
    expect((await call('POST', '/coin/orders', jwt, body)).statusCode).toBe(422);
    expect(await mine()).toHaveLength(6);
  });
});
