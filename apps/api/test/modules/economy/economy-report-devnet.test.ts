import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { getSmartAccountAddress } from '@ojo/contracts/smart-account';
import { getBalance } from '@ojo/db/ledger';
import { coinRefunds, coinWithdraws } from '@ojo/db/schema/coin';
import type { User } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { type Address, type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { startTestChain, type TestChain } from '../../support/chain';
import { saasHeaders } from '../../support/identity';

/**
 * The economy report on anvil and PostgreSQL: after a real purchase, a paid redemption and a refunded plain
 * transfer, every figure is what the chain shows and every check holds; a redemption row that disagrees with its
 * transfer on chain fails the report (and `npm run economy:report` exits 1); only the operator token reads it.
 */
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const run = promisify(execFile);

let chain: TestChain;
let database: TestDatabase;
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
let app: App;
let token: string;
let player: { key: Hex; account: Address; user: User; jwt: string };

const client = () => createDevnetPublicClient(chain.rpcUrl);
const mineBlock = () =>
  (client().request as unknown as (args: { method: string; params: unknown[] }) => Promise<unknown>)({
    method: 'anvil_mine',
    params: ['0x1'],
  });

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const report = (authorization?: string) =>
  app.inject({
    method: 'GET',
    url: '/operator/economy/report',
    headers: authorization ? { authorization } : {},
  });
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { ...saasHeaders, jwt_token: player.jwt },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  chain = await startTestChain();
  database = await createTestDatabase('postgres');
  let config: Awaited<ReturnType<typeof buildTestApp>>['config'];
  ({ app, config } = await buildTestApp(database, {
    ...chain.env,
    PRICE_SIMULATOR_SEED: 'ab'.repeat(32),
    INDEXER_ENABLED: 'true',
    INDEXER_POLL_MS: '100',
    COIN_WATCH_MS: '100',
    JOB_POLL_INTERVAL_MS: '50',
    // Redeeming without a race first: the trade limit has its own tests; this one is about the books.
    WITHDRAW_TRADE_LIMIT: '0',
  }));
  token = config.operatorToken as string;
  await app.ready();

  const key = devnetKeys.spare[4];
  const owner = privateKeyToAccount(key).address;
  const factoryAddress = chain.deployments.contracts.SmartAccountFactory as Address;
  const created = await createDevnetWalletClient(chain.rpcUrl, key).writeContract({
    address: factoryAddress,
    abi: smartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner, 5n],
  } as never);
  await client().waitForTransactionReceipt({ hash: created });
  const account = await getSmartAccountAddress(client(), { factoryAddress, owner, salt: 5n });
  const funded = await createDevnetWalletClient(chain.rpcUrl, devnetKeys.deployer).sendTransaction({
    to: account,
    value: parseEther('2'),
  } as never);
  await client().waitForTransactionReceipt({ hash: funded });
  const user = await insertUser(database.db, { smartAccountAddress: account.toLowerCase() });
  player = { key, account, user, jwt: await app.issueSessionToken(user.id) };
}, 180_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await chain?.stop();
});

describe('the economy report', () => {
  let quoteWei: bigint;
  let payoutWei: bigint;
  let refundWei: bigint;

  it('answers only the operator token', async () => {
    expect((await report()).statusCode).toBe(401);
    expect((await report(`Bearer ${token}x`)).statusCode).toBe(401);
    expect((await report(token)).statusCode).toBe(401);
    const asPlayer = await app.inject({
      method: 'GET',
      url: '/operator/economy/report',
      headers: { ...saasHeaders, jwt_token: player.jwt },
    });
    expect(asPlayer.statusCode).toBe(401);
  });

  it('reconciles a purchase, a paid redemption and a refund with the chain to the wei', async () => {
    const order = (await call('POST', '/coin/orders', { base: 'OJO', quote: 'ETH', baseQty: '200' })).json()
      .data as { quoteWei: string; callData: Hex; receiptAddress: Address };
    quoteWei = BigInt(order.quoteWei);
    const paid = await createDevnetWalletClient(chain.rpcUrl, player.key).writeContract({
      address: player.account,
      abi: smartAccountAbi,
      functionName: 'execute',
      args: [order.receiptAddress, quoteWei, order.callData],
    } as never);
    await client().waitForTransactionReceipt({ hash: paid });
    await mineBlock();
    expect((await call('POST', `/transaction/process/${paid}`)).statusCode).toBe(200);
    // Credited by the report or by the payment watcher, whichever settles it first.
    await until(
      () => getBalance(database.db, player.user.id, 'OJO'),
      (balance) => balance === 200n,
      'the purchase to be credited',
    );

    // A plain transfer that buys nothing: refunded by the job, less its gas.
    const stranger = createDevnetWalletClient(chain.rpcUrl, devnetKeys.spare[5]);
    const plain = await stranger.sendTransaction({
      to: order.receiptAddress,
      value: parseEther('0.01'),
    } as never);
    await client().waitForTransactionReceipt({ hash: plain });
    await mineBlock();

    const redeemed = await call('POST', '/coin/withdraws', { amount: '100' });
    expect([redeemed.statusCode, redeemed.json().message]).toEqual([200, 'success']);
    const withdrawId = BigInt(redeemed.json().data.id);
    const finished = await until(
      async () => (await database.db.select().from(coinWithdraws).where(eq(coinWithdraws.id, withdrawId)))[0],
      (row) => row?.status === 'FINISHED',
      'the redemption to be paid',
    );
    payoutWei = finished?.payoutWei ?? 0n;
    const refund = await until(
      async () => (await database.db.select().from(coinRefunds).where(eq(coinRefunds.txHash, plain)))[0],
      (row) => row?.status === 'sent',
      'the plain transfer to be refunded',
    );
    refundWei = refund?.refundWei ?? 0n;

    // The figures, from the chain itself: the payout's and the refund's transfers.
    const payoutTx = await client().getTransaction({ hash: finished?.txHash as Hex });
    const refundTx = await client().getTransaction({ hash: refund?.refundTxHash as Hex });
    expect(payoutTx.value).toBe(payoutWei);
    expect(refundTx.value).toBe(refundWei);
    expect(refundWei).toBeGreaterThan(0n);
    expect(refundWei).toBeLessThan(parseEther('0.01'));

    const response = await report(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.checks.filter((check: { ok: boolean }) => !check.ok)).toEqual([]);
    expect(body.ok).toBe(true);
    expect(body.treasury).toMatchObject({
      receivedWei: quoteWei.toString(),
      ordersCredited: 1,
      paidWei: payoutWei.toString(),
      redemptionsPaid: 1,
      pendingPayoutWei: '0',
      refundedWei: refundWei.toString(),
      refundsSent: 1,
      marginWei: (quoteWei - payoutWei).toString(),
    });
    expect(BigInt(body.treasury.balanceWei)).toBe(
      await client().getBalance({ address: body.treasury.address as Address }),
    );
    // 100 OJO left, bought: redeeming it costs at most its share of the purchase.
    expect(body.ojo.outstanding).toBe('100');
    expect(BigInt(body.ojo.redeemCostWei)).toBeLessThanOrEqual(BigInt(body.ojo.costBasisWei));
    expect(BigInt(body.ojo.costBasisWei)).toBe(quoteWei - quoteWei / 2n);
    expect(body.paymaster).toMatchObject({ spentTotalWei: '0', operations: 0 });
  }, 120_000);

  it('fails, and npm run economy:report exits 1, when a redemption disagrees with its transfer on chain', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const cli = (env: Record<string, string>) =>
      run('npx', ['tsx', 'apps/api/scripts/economy-report.ts', '--api', address], {
        cwd: repoRoot,
        env: { ...process.env, ...env },
      }).then(
        (done) => ({ code: 0, out: done.stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, out: error.stdout }),
      );
    const reconciled = await cli({ OPERATOR_TOKEN: token });
    expect(reconciled.code).toBe(0);
    expect(reconciled.out).toContain('RECONCILED');

    await database.db
      .update(coinWithdraws)
      .set({ payoutWei: payoutWei + 1n })
      .where(eq(coinWithdraws.userId, player.user.id));
    try {
      const body = (await report(`Bearer ${token}`)).json();
      expect(body.ok).toBe(false);
      expect(
        body.checks.filter((check: { ok: boolean }) => !check.ok).map((c: { name: string }) => c.name),
      ).toEqual([
        'every paid redemption is its transfer on chain (from the treasury, to the player, the recorded amount)',
      ]);
      const mismatch = await cli({ OPERATOR_TOKEN: token });
      expect(mismatch.code).toBe(1);
      expect(mismatch.out).toContain('MISMATCH');
      expect((await cli({ OPERATOR_TOKEN: `${token}x` })).code).toBe(2);
    } finally {
      await database.db
        .update(coinWithdraws)
        .set({ payoutWei })
        .where(eq(coinWithdraws.userId, player.user.id));
    }
  }, 120_000);
});
