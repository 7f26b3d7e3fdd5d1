import { smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { getSmartAccountAddress } from '@ojo/contracts/smart-account';
import { createDatabase, type DatabaseHandle } from '@ojo/db/client';
import { enqueueJob } from '@ojo/db/jobs';
import { findLedgerDiscrepancies, getBalance } from '@ojo/db/ledger';
import { type CoinRefund, coinOrders, coinRefunds } from '@ojo/db/schema/coin';
import { jobs } from '@ojo/db/schema/jobs';
import type { User } from '@ojo/db/schema/users';
import { and, eq, inArray } from '@ojo/db/sql';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { type Address, type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCostBasis } from '../../../src/modules/coin/cost-basis';
import { PAYMENT_REFUND_JOB } from '../../../src/modules/coin/record-refund';
import { buildTestApp, insertUser } from '../../helpers';
import { startTestChain, type TestChain } from '../../support/chain';
import { saasHeaders } from '../../support/identity';

/**
 * ETH that buys nothing goes back to its sender (less the refund's gas), exactly once, on anvil with real smart
 * accounts and two API nodes on one PostgreSQL database: a payment after the 60 s quote, a short payment, a payment
 * naming another player's order, a plain transfer with no order, the excess of an overpayment and a second payment
 * of a paid order. Each payment is reported to both nodes at once, several times; the senders' chain balances prove
 * each was paid back once. Node A indexes the chain and runs the payment watcher; both run jobs.
 */
let chain: TestChain;
let database: TestDatabase;
let second: DatabaseHandle;
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
let nodeA: App;
let nodeB: App;
/**
 * The apps' clock runs this far from the real one: a quote placed 120 s in the past has run out on the chain. The
 * apps start in that past, so the price simulator (anchored at its start) can price that moment.
 */
let clockOffsetMs = -120_000;
const clock = () => Date.now() + clockOffsetMs;

const client = () => createDevnetPublicClient(chain.rpcUrl);
const mineBlock = () =>
  (client().request as unknown as (args: { method: string; params: unknown[] }) => Promise<unknown>)({
    method: 'anvil_mine',
    params: ['0x1'],
  });
const players: { key: Hex; account: Address; user: User; jwt: string }[] = [];
const plainSender = devnetKeys.spare[2];

const call = (app: App, method: 'GET' | 'POST', url: string, jwt?: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { ...saasHeaders, ...(jwt ? { jwt_token: jwt } : {}) },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  chain = await startTestChain();
  database = await createTestDatabase('postgres');
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${database.name}`;
  second = await createDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
  const env = {
    ...chain.env,
    PRICE_SIMULATOR_SEED: 'ab'.repeat(32),
    RATE_LIMIT_AUTH_MAX: '100000',
    RATE_LIMIT_MAX: '100000',
    COIN_WATCH_MS: '100',
    COIN_CONFIRMATIONS: '1',
    JOB_POLL_INTERVAL_MS: '50',
    // Both nodes accept the same session tokens.
    JWT_SECRET: 'c0'.repeat(32),
  };
  ({ app: nodeA } = await buildTestApp(
    database,
    { ...env, INDEXER_ENABLED: 'true', INDEXER_POLL_MS: '100' },
    { clock },
  ));
  ({ app: nodeB } = await buildTestApp({ ...second, name: database.name }, env, { clock }));
  await Promise.all([nodeA.ready(), nodeB.ready()]);
  clockOffsetMs = 0;
  const factoryAddress = chain.deployments.contracts.SmartAccountFactory as Address;
  const funder = createDevnetWalletClient(chain.rpcUrl, devnetKeys.deployer);
  for (const key of [devnetKeys.spare[0], devnetKeys.spare[1]]) {
    const owner = privateKeyToAccount(key).address;
    const created = await createDevnetWalletClient(chain.rpcUrl, key).writeContract({
      address: factoryAddress,
      abi: smartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [owner, 7n],
    } as never);
    await client().waitForTransactionReceipt({ hash: created });
    const account = await getSmartAccountAddress(client(), { factoryAddress, owner, salt: 7n });
    const funded = await funder.sendTransaction({ to: account, value: parseEther('5') } as never);
    await client().waitForTransactionReceipt({ hash: funded });
    const user = await insertUser(database.db, { smartAccountAddress: account.toLowerCase() });
    players.push({ key, account, user, jwt: await nodeA.issueSessionToken(user.id) });
  }
}, 180_000);
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await second?.close();
  await database?.close();
  await chain?.stop();
});

const player = (index: number) => players[index] as (typeof players)[number];
const ethOf = (address: Address) => client().getBalance({ address });

async function order(index: number, body: object) {
  const response = await call(nodeA, 'POST', '/coin/orders', player(index).jwt, body);
  expect(response.json()).toMatchObject({ success: true });
  return response.json().data as {
    orderId: string;
    quoteWei: string;
    callData: Hex;
    receiptAddress: Address;
  };
}

/** The player's smart account runs `execute(to, value, data)`, sent (and its gas paid) by its owner. */
async function pay(index: number, to: Address, value: bigint, data: Hex) {
  const hash = await createDevnetWalletClient(chain.rpcUrl, player(index).key).writeContract({
    address: player(index).account,
    abi: smartAccountAbi,
    functionName: 'execute',
    args: [to, value, data],
  } as never);
  await client().waitForTransactionReceipt({ hash });
  return hash;
}

/** Reports the payment to both nodes at once, three times each, after the block that confirms it. */
async function reportEverywhere(index: number, hash: Hex) {
  await mineBlock();
  const responses = await Promise.all(
    [nodeA, nodeB, nodeA, nodeB, nodeA, nodeB].map((app) =>
      call(app, 'POST', `/transaction/process/${hash}`, player(index).jwt),
    ),
  );
  expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
}

const refundsOf = (hash: Hex) => database.db.select().from(coinRefunds).where(eq(coinRefunds.txHash, hash));

/** Waits until the refund of `hash` is settled (sent or kept) and no refund job is left to run. */
async function settledRefund(hash: Hex): Promise<CoinRefund> {
  await expect
    .poll(async () => (await refundsOf(hash)).map((row) => row.status), { timeout: 60_000, interval: 100 })
    .toEqual([expect.stringMatching(/^(sent|kept)$/)]);
  await expect
    .poll(
      async () =>
        (
          await database.db
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.kind, PAYMENT_REFUND_JOB), inArray(jobs.state, ['queued', 'running'])))
        ).length,
      { timeout: 60_000, interval: 100 },
    )
    .toBe(0);
  const [row] = await refundsOf(hash);
  return row as CoinRefund;
}

/**
 * The refund went back to `to` from the treasury, at most the gas deducted was spent on it, and the value is the
 * amount less that gas.
 */
async function expectSentBack(row: CoinRefund, to: Address, amountWei: bigint) {
  expect(row).toMatchObject({ status: 'sent', fromAddress: to.toLowerCase(), amountWei });
  expect(row.refundWei).toBe(amountWei - (row.gasWei as bigint));
  const sent = await client().getTransaction({ hash: row.refundTxHash as Hex });
  expect([sent.to?.toLowerCase(), sent.value]).toEqual([to.toLowerCase(), row.refundWei]);
  const receipt = await client().getTransactionReceipt({ hash: row.refundTxHash as Hex });
  expect(receipt.status).toBe('success');
  expect(receipt.gasUsed * receipt.effectiveGasPrice).toBeLessThanOrEqual(row.gasWei as bigint);
  expect(row.gasWei).toBeGreaterThan(0n);
}

async function historyItem(index: number, orderId: string) {
  const answer = await call(nodeB, 'GET', '/coin/histories', player(index).jwt);
  expect(answer.statusCode).toBe(200);
  return (answer.json().data.histories as { orderId: string }[]).find((item) => item.orderId === orderId);
}

const orderRow = async (id: string) =>
  (await database.db.select().from(coinOrders).where(eq(coinOrders.id, id)))[0];

describe('refunds of ETH that buys nothing [postgres, two nodes]', () => {
  it('holds a quote 60 s by default, and refunds a payment mined after it ran out (never credited at the stale price)', async () => {
    clockOffsetMs = -120_000;
    const placed = await order(0, { base: 'OJO', quote: 'ETH', baseQty: '100' }).finally(() => {
      clockOffsetMs = 0;
    });
    const config = (await call(nodeA, 'GET', '/coin/configs')).json().data;
    expect(config.quoteHoldSeconds).toBe(60);
    const before = await ethOf(player(0).account);
    const ojoBefore = await getBalance(database.db, player(0).user.id, 'OJO');
    const hash = await pay(0, placed.receiptAddress, BigInt(placed.quoteWei), placed.callData);
    await reportEverywhere(0, hash);
    const row = await settledRefund(hash);
    await expectSentBack(row, player(0).account, BigInt(placed.quoteWei));
    expect(row).toMatchObject({ reason: 'paid after the quote ran out', orderId: placed.orderId });
    expect(await ethOf(player(0).account)).toBe(before - BigInt(placed.quoteWei) + (row.refundWei as bigint));
    expect(await getBalance(database.db, player(0).user.id, 'OJO')).toBe(ojoBefore);
    expect((await orderRow(placed.orderId))?.state).toBe('rejected');
    expect(await historyItem(0, placed.orderId)).toMatchObject({
      state: 'refunded',
      txHash: hash,
      refund: { status: 'sent', reason: 'paid after the quote ran out', txHash: row.refundTxHash },
    });
    // Reported again on both nodes after the refund: nothing more is sent.
    await reportEverywhere(0, hash);
    expect(await settledRefund(hash)).toEqual(row);
    expect(await ethOf(player(0).account)).toBe(before - BigInt(placed.quoteWei) + (row.refundWei as bigint));
  }, 120_000);

  it('refunds a payment short of the quote', async () => {
    const placed = await order(0, { base: 'OJO', quote: 'ETH', baseQty: '200' });
    const before = await ethOf(player(0).account);
    const short = BigInt(placed.quoteWei) - 1n;
    const hash = await pay(0, placed.receiptAddress, short, placed.callData);
    await reportEverywhere(0, hash);
    const row = await settledRefund(hash);
    await expectSentBack(row, player(0).account, short);
    expect(row).toMatchObject({ reason: 'paid less than the quote', orderId: placed.orderId });
    expect(await ethOf(player(0).account)).toBe(before - short + (row.refundWei as bigint));
    expect(await historyItem(0, placed.orderId)).toMatchObject({
      state: 'refunded',
      refund: { status: 'sent', txHash: row.refundTxHash },
    });

    // A crash after the refund was mined but before it was marked sent: the job runs again (another run, the other
    // node) and finds its own transaction by the write's key; nothing is sent twice.
    await database.db
      .update(coinRefunds)
      .set({ status: 'pending', refundTxHash: null })
      .where(eq(coinRefunds.id, row.id));
    await enqueueJob(database.db, {
      kind: PAYMENT_REFUND_JOB,
      key: `${PAYMENT_REFUND_JOB}:${row.id}:after-crash`,
      payload: { refundId: row.id.toString() },
    });
    nodeB.jobs.wake();
    const again = await settledRefund(hash);
    expect(again).toMatchObject({ status: 'sent', refundTxHash: row.refundTxHash, refundWei: row.refundWei });
    expect(await ethOf(player(0).account)).toBe(before - short + (row.refundWei as bigint));
  }, 120_000);

  it('refunds a payment naming another player’s order to its payer; that order is untouched', async () => {
    const theirs = await order(1, { base: 'OJO', quote: 'ETH', baseQty: '50' });
    const before = await ethOf(player(0).account);
    const hash = await pay(0, theirs.receiptAddress, BigInt(theirs.quoteWei), theirs.callData);
    await reportEverywhere(0, hash);
    const row = await settledRefund(hash);
    await expectSentBack(row, player(0).account, BigInt(theirs.quoteWei));
    expect(row).toMatchObject({ reason: 'paid by another account', orderId: null });
    expect(await ethOf(player(0).account)).toBe(before - BigInt(theirs.quoteWei) + (row.refundWei as bigint));
    expect((await orderRow(theirs.orderId))?.state).toBe('created');
    expect(await historyItem(1, theirs.orderId)).toMatchObject({ state: 'created', refund: null });
  }, 120_000);

  it('refunds a plain transfer from an EOA nobody reported, once the watcher finds it; a dust one is kept', async () => {
    const receipt = (await order(0, { base: 'OJO', quote: 'ETH', baseQty: '10' })).receiptAddress;
    const sender = privateKeyToAccount(plainSender).address;
    const wallet = createDevnetWalletClient(chain.rpcUrl, plainSender);
    const before = await ethOf(sender);
    const value = parseEther('0.25');
    const hash = await wallet.sendTransaction({ to: receipt, value } as never);
    const paid = await client().waitForTransactionReceipt({ hash });
    const dust = await wallet.sendTransaction({ to: receipt, value: 1000n } as never);
    const dustPaid = await client().waitForTransactionReceipt({ hash: dust });
    await mineBlock();
    const row = await settledRefund(hash);
    await expectSentBack(row, sender, value);
    expect(row).toMatchObject({ reason: 'no order id in the call data', orderId: null, traceAddress: '' });
    const kept = await settledRefund(dust);
    expect(kept).toMatchObject({
      status: 'kept',
      amountWei: 1000n,
      note: 'smaller than the gas of its refund',
      refundTxHash: null,
    });
    const ownGas = paid.gasUsed * paid.effectiveGasPrice + dustPaid.gasUsed * dustPaid.effectiveGasPrice;
    expect(await ethOf(sender)).toBe(before - value - 1000n - ownGas + (row.refundWei as bigint));
  }, 120_000);

  it('refunds a payment of an order the player cancelled; the OJO and the cost basis stay as they were', async () => {
    const placed = await order(0, { base: 'OJO', quote: 'ETH', baseQty: '150' });
    const ojoBefore = await getBalance(database.db, player(0).user.id, 'OJO');
    const basisBefore = await readCostBasis(database.db, player(0).user.id);
    const cancelled = await nodeB.inject({
      method: 'DELETE',
      url: `/coin/orders/${placed.orderId}`,
      headers: { ...saasHeaders, jwt_token: player(0).jwt },
    });
    expect(cancelled.json()).toMatchObject({ success: true, data: { state: 'cancelled' } });
    const before = await ethOf(player(0).account);
    // Paid within the quote's time, but after the cancel: never credited.
    const hash = await pay(0, placed.receiptAddress, BigInt(placed.quoteWei), placed.callData);
    await reportEverywhere(0, hash);
    const row = await settledRefund(hash);
    await expectSentBack(row, player(0).account, BigInt(placed.quoteWei));
    expect(row).toMatchObject({ reason: 'order cancelled', orderId: placed.orderId });
    expect(await ethOf(player(0).account)).toBe(before - BigInt(placed.quoteWei) + (row.refundWei as bigint));
    expect(await getBalance(database.db, player(0).user.id, 'OJO')).toBe(ojoBefore);
    expect(await readCostBasis(database.db, player(0).user.id)).toEqual(basisBefore);
    expect((await orderRow(placed.orderId))?.state).toBe('cancelled');
    expect(await historyItem(0, placed.orderId)).toMatchObject({
      state: 'refunded',
      refund: { status: 'sent', reason: 'order cancelled', txHash: row.refundTxHash },
    });
    expect(await findLedgerDiscrepancies(database.db)).toEqual([]);
  }, 120_000);

  it('credits an overpayment once and refunds the excess above the quote', async () => {
    const placed = await order(1, { base: 'OJO', quote: 'ETH', baseQty: '300' });
    const before = await ethOf(player(1).account);
    const ojoBefore = await getBalance(database.db, player(1).user.id, 'OJO');
    const excess = parseEther('0.1');
    const hash = await pay(1, placed.receiptAddress, BigInt(placed.quoteWei) + excess, placed.callData);
    await reportEverywhere(1, hash);
    const row = await settledRefund(hash);
    await expectSentBack(row, player(1).account, excess);
    expect(row).toMatchObject({ reason: 'paid more than the quote', orderId: placed.orderId });
    expect(await getBalance(database.db, player(1).user.id, 'OJO')).toBe(ojoBefore + 300n);
    expect(await ethOf(player(1).account)).toBe(
      before - BigInt(placed.quoteWei) - excess + (row.refundWei as bigint),
    );
    expect(await historyItem(1, placed.orderId)).toMatchObject({
      state: 'done',
      txHash: hash,
      refund: { status: 'sent', reason: 'paid more than the quote', txHash: row.refundTxHash },
    });
  }, 120_000);

  it('refunds a second payment of an order already paid; the OJO is credited once', async () => {
    const placed = await order(1, { base: 'OJO', quote: 'ETH', baseQty: '400' });
    const ojoBefore = await getBalance(database.db, player(1).user.id, 'OJO');
    const first = await pay(1, placed.receiptAddress, BigInt(placed.quoteWei), placed.callData);
    await reportEverywhere(1, first);
    expect((await orderRow(placed.orderId))?.state).toBe('done');
    expect(await refundsOf(first)).toEqual([]);
    const before = await ethOf(player(1).account);
    const again = await pay(1, placed.receiptAddress, BigInt(placed.quoteWei), placed.callData);
    await reportEverywhere(1, again);
    const row = await settledRefund(again);
    await expectSentBack(row, player(1).account, BigInt(placed.quoteWei));
    expect(row).toMatchObject({ reason: 'order paid already', orderId: placed.orderId });
    expect(await ethOf(player(1).account)).toBe(before - BigInt(placed.quoteWei) + (row.refundWei as bigint));
    expect(await getBalance(database.db, player(1).user.id, 'OJO')).toBe(ojoBefore + 400n);
    expect(await historyItem(1, placed.orderId)).toMatchObject({
      state: 'done',
      txHash: first,
      refund: { status: 'sent', reason: 'order paid already', txHash: row.refundTxHash },
    });
    expect(await findLedgerDiscrepancies(database.db)).toEqual([]);
  }, 120_000);
});
