import { credit, findLedgerDiscrepancies, getBalance } from '@ojo/db/ledger';
import { coinWithdraws } from '@ojo/db/schema/coin';
import { gameBets, gameRounds } from '@ojo/db/schema/game';
import type { User } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient } from '@ojo/devnet/clients';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createChainWriter } from '../../../src/modules/chain/chain-writer';
import { addPurchase, readCostBasis } from '../../../src/modules/coin/cost-basis';
import { payoutWriteKey, withdrawPayoutJob } from '../../../src/modules/coin/withdraw-payout.job';
import { buildTestApp, insertUser } from '../../helpers';
import { startTestChain, type TestChain } from '../../support/chain';
import { saasHeaders } from '../../support/identity';

/**
 * Redeeming OJO (product.md 3 Withdraw info, product.md 5 Redeem, product.md 7 withdraw calls, product.md 8 cancel codes): the limits hold
 * under 150 concurrent requests, a pending redemption can be cancelled for its OJO back, and a second node's job
 * runner pays the rest from the treasury: PENDING, then FINISHED with the hash and the ETH at the smart account.
 */
let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

const LIMITS = {
  WITHDRAW_MIN: '10',
  WITHDRAW_TRIAL: '0',
  WITHDRAW_DAILY_AMOUNT: '2500',
  WITHDRAW_DAILY_COUNT: '30',
  WITHDRAW_FIXED_LEFT: '0',
  WITHDRAW_TRADE_LIMIT: '0',
};

describeWithDatabases('redeeming OJO to ETH', ({ database }) => {
  type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
  // Takes the requests and runs no jobs (the payouts wait); the payer node comes later.
  let front: App;
  let payer: App | undefined;
  const players: { user: User; jwt: string; account: Address }[] = [];
  /** Redemptions whose transfer a test broadcast before their job ran: the job must finish them with that hash. */
  const payoutChecks: { id: bigint; hash: string }[] = [];

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, jwt: string, payload?: object) =>
    front.inject({
      method,
      url,
      headers: { ...saasHeaders, jwt_token: jwt },
      ...(payload ? { payload } : {}),
    });
  const ojo = (index: number) =>
    getBalance(database().db, (players[index] as (typeof players)[number]).user.id, 'OJO');

  beforeAll(async () => {
    const env = {
      ...chain.env,
      ...LIMITS,
      PRICE_SIMULATOR_SEED: 'ef'.repeat(32),
      RATE_LIMIT_MAX: '100000',
      JOB_POLL_INTERVAL_MS: '50',
    };
    ({ app: front } = await buildTestApp(database(), { ...env, JOB_RUNNER: 'false' }));
    await front.ready();
    for (const balance of [10_000n, 1_000n, 10_000n]) {
      const account = privateKeyToAccount(generatePrivateKey()).address;
      const user = await insertUser(database().db, { smartAccountAddress: account.toLowerCase() });
      // Bought OJO (as a credited order leaves it): 10^14 wei each, below the bid, so each pays its cost.
      await database().db.transaction(async (tx) => {
        await credit(tx, {
          userId: user.id,
          asset: 'OJO',
          amount: balance,
          reason: 'coin.order',
          idempotencyKey: `test:grant:${user.id}`,
        });
        await addPurchase(tx, user.id, balance, balance * 10n ** 14n);
      });
      players.push({ user, account, jwt: await front.issueSessionToken(user.id) });
    }
  }, 60_000);
  afterAll(async () => {
    await payer?.close();
    await front?.close();
  });

  it('answers the withdraw info from the configured limits', async () => {
    const info = (
      await call('GET', '/coin/withdraw/info', (players[0] as (typeof players)[number]).jwt)
    ).json().data;
    expect(info).toMatchObject({
      conditions: {
        minAmountCheck: { require: '10' },
        dailyAmountCheck: { require: '2500', achieved: '0' },
        dailyCountCheck: { require: '30', achieved: '0' },
        tradeLimit: { require: '0', achieved: '0' },
      },
      trial: '0',
      fixedLeft: '0',
      balance: '10000',
    });
    // The total bet is the OJO staked in bets still standing whose round's betting closed.
    const bettor = await insertUser(database().db, {
      smartAccountAddress: '0x00000000000000000000000000000000000be770',
    });
    await credit(database().db, {
      userId: bettor.id,
      asset: 'OJO',
      amount: 75n,
      reason: 'test.grant',
      idempotencyKey: `t:${bettor.id}:1`,
    });
    for (const [index, [phase, status, amount]] of [
      ['finished', 'active', 20n],
      ['racing', 'withdrawn', 30n],
      ['betting', 'active', 40n],
    ].entries()) {
      const roundId = `withdraw-test-${bettor.id}-${index}`;
      await database()
        .db.insert(gameRounds)
        .values({
          id: roundId,
          phase: phase as string,
          opensAtMs: 0,
          closesAtMs: 1,
          commitment: 'c',
          state: {},
        });
      await database()
        .db.insert(gameBets)
        .values({
          id: `${roundId}-bet`,
          roundId,
          userId: bettor.id,
          clientBetId: 'b',
          currency: 'OJO',
          track: 't',
          amount: amount as bigint,
          status: status as string,
          placedAtMs: 0,
        });
    }
    const bettorInfo = (
      await call('GET', '/coin/withdraw/info', await front.issueSessionToken(bettor.id))
    ).json().data;
    expect(bettorInfo.conditions.tradeLimit.achieved).toBe('20');
    expect(bettorInfo.balance).toBe('75');

    const below = await call('POST', '/coin/withdraws', (players[0] as (typeof players)[number]).jwt, {
      amount: '9',
    });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({ success: false, message: 'Min redeem is 10 OJO' });
  });

  it('never passes the daily amount, the daily count or the balance under 150 concurrent requests', async () => {
    // Each player asks for twice a limit: 50 x 100 (amount limit 2500), 50 x 100 (balance 1000), 50 x 10 (30 a day).
    const asks = [
      ...Array.from({ length: 50 }, () => [0, '100'] as const),
      ...Array.from({ length: 50 }, () => [1, '100'] as const),
      ...Array.from({ length: 50 }, () => [2, '10'] as const),
    ];
    const responses = await Promise.all(
      asks.map(([index, amount]) =>
        call('POST', '/coin/withdraws', (players[index] as (typeof players)[number]).jwt, { amount }),
      ),
    );
    const accepted = [0, 1, 2].map(
      (index) =>
        responses.filter((response, i) => asks[i]?.[0] === index && response.statusCode === 200).length,
    );
    expect(accepted).toEqual([25, 10, 30]);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(new Set(refused.map((response) => response.statusCode))).toEqual(new Set([422]));
    expect(new Set(refused.map((response) => response.json().message))).toEqual(
      new Set(['Max redeem reached today', 'Insufficient Balance']),
    );
    expect([await ojo(0), await ojo(1), await ojo(2)]).toEqual([7_500n, 0n, 9_700n]);
    expect(await findLedgerDiscrepancies(database().db)).toEqual([]);
    const list = (
      await call('GET', '/coin/withdraws/list?limit=20', (players[0] as (typeof players)[number]).jwt)
    ).json().data;
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ amount: '100', status: 'PENDING', txHash: null, cancellable: true });
  }, 120_000);

  it('cancels a pending redemption for its OJO back, and answers 1109 and 1110 otherwise', async () => {
    const [mine] = (
      await call('GET', '/coin/withdraws/list?limit=1', (players[0] as (typeof players)[number]).jwt)
    ).json().data;
    const theirs = (
      await call('GET', '/coin/withdraws/list?limit=1', (players[1] as (typeof players)[number]).jwt)
    ).json().data[0];
    const before = await ojo(0);
    const cancelled = await call(
      'DELETE',
      `/coin/withdraws/${mine.id}`,
      (players[0] as (typeof players)[number]).jwt,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ id: mine.id, status: 'CANCELLED', cancellable: false });
    expect(await ojo(0)).toBe(before + 100n);
    const again = await call(
      'DELETE',
      `/coin/withdraws/${mine.id}`,
      (players[0] as (typeof players)[number]).jwt,
    );
    expect([again.statusCode, again.json().code]).toEqual([409, '1110']);
    const notMine = await call(
      'DELETE',
      `/coin/withdraws/${theirs.id}`,
      (players[0] as (typeof players)[number]).jwt,
    );
    expect([notMine.statusCode, notMine.json().code]).toEqual([404, '1109']);
    const missing = await call(
      'DELETE',
      '/coin/withdraws/999999999',
      (players[0] as (typeof players)[number]).jwt,
    );
    expect([missing.statusCode, missing.json().code, missing.json().message]).toEqual([
      404,
      '1109',
      'Order not found, please refresh the page',
    ]);
    // The cancelled one still counts toward today's amount: a cancel buys no second try at a better price.
    const info = (
      await call('GET', '/coin/withdraw/info', (players[0] as (typeof players)[number]).jwt)
    ).json().data;
    expect(info.conditions.dailyAmountCheck.achieved).toBe('2500');
    const byIds = await call('POST', '/coin/withdraw/ids', (players[0] as (typeof players)[number]).jwt, {
      ids: [mine.id, theirs.id],
    });
    expect(byIds.json().data.map((item: { id: string }) => item.id)).toEqual([mine.id]);
  });

  it('marks a payout that failed for good FAILED and gives the OJO back by a ledger entry, once', async () => {
    // What the job runner does when the payout reverted or ran out of attempts: `onFailed` in its transaction.
    const player = players[2] as (typeof players)[number];
    const [pending] = (await call('GET', '/coin/withdraws/list?limit=1', player.jwt)).json().data;
    expect(pending).toMatchObject({ status: 'PENDING', amount: '10' });
    const before = await ojo(2);
    const basisBefore = await readCostBasis(database().db, player.user.id);
    const fail = () =>
      database().db.transaction(async (tx) => {
        await withdrawPayoutJob.onFailed?.(tx, { withdrawId: pending.id }, new Error('payout reverted'));
      });
    await Promise.all([fail(), fail()]);
    await fail();
    expect(await ojo(2)).toBe(before + 10n);
    // The bought OJO comes back with exactly the cost it took, once.
    const [failed] = await database()
      .db.select()
      .from(coinWithdraws)
      .where(eq(coinWithdraws.id, BigInt(pending.id)));
    expect(failed?.basisQty).toBe(10n);
    expect(await readCostBasis(database().db, player.user.id)).toEqual({
      qty: basisBefore.qty + 10n,
      wei: basisBefore.wei + (failed?.basisWei as bigint),
    });
    const [row] = await database()
      .db.select()
      .from(coinWithdraws)
      .where(eq(coinWithdraws.id, BigInt(pending.id)));
    expect(row?.status).toBe('FAILED');
    const listed = (await call('GET', '/coin/withdraws/list?limit=1', player.jwt)).json().data[0];
    expect(listed).toMatchObject({ id: pending.id, status: 'FAILED', txHash: null, cancellable: false });
    const cancel = await call('DELETE', `/coin/withdraws/${pending.id}`, player.jwt);
    expect([cancel.statusCode, cancel.json().code]).toEqual([409, '1110']);
    expect(await ojo(2)).toBe(before + 10n);
    expect(await findLedgerDiscrepancies(database().db)).toEqual([]);
  });

  it('keeps a payout whose transfer was broadcast PENDING when it fails for good: no refund, FINISHED later', async () => {
    // RPC errors after the broadcast exhaust the job's attempts; the transfer may still be mined (here it is).
    const player = players[2] as (typeof players)[number];
    const listed = (await call('GET', '/coin/withdraws/list?limit=5', player.jwt)).json().data;
    const pending = listed.find((item: { status: string }) => item.status === 'PENDING');
    const [row] = await database()
      .db.select()
      .from(coinWithdraws)
      .where(eq(coinWithdraws.id, BigInt(pending.id)));
    if (!row) throw new Error('no pending redemption');
    await database()
      .db.update(coinWithdraws)
      .set({ payoutStartedAt: new Date() })
      .where(eq(coinWithdraws.id, row.id));
    const writer = createChainWriter({
      db: database().db,
      chain: front.chain,
      replaceAfterMs: 60_000,
      log: front.log,
    });
    const mined = await writer.write({
      key: payoutWriteKey(row.id),
      to: row.toAddress as Address,
      data: '0x',
      value: row.payoutWei,
    });
    const before = await ojo(2);
    const fail = () =>
      database().db.transaction(async (tx) => {
        await withdrawPayoutJob.onFailed?.(tx, { withdrawId: pending.id }, new Error('rpc timeout'));
      });
    await Promise.all([fail(), fail()]);
    expect(await ojo(2)).toBe(before);
    const [kept] = await database().db.select().from(coinWithdraws).where(eq(coinWithdraws.id, row.id));
    expect(kept).toMatchObject({ status: 'PENDING', txHash: null });
    const again = (await call('GET', '/coin/withdraws/list?limit=5', player.jwt)).json().data;
    expect(again.find((item: { id: string }) => item.id === pending.id)).toMatchObject({
      status: 'PENDING',
      cancellable: false,
    });
    const cancel = await call('DELETE', `/coin/withdraws/${pending.id}`, player.jwt);
    expect([cancel.statusCode, cancel.json().code]).toEqual([409, '1110']);
    expect(await ojo(2)).toBe(before);
    // The next test's job run finds the transfer mined: FINISHED with its hash, the ETH paid once.
    payoutChecks.push({ id: row.id, hash: mined.hash });
  });

  it('pays every pending redemption from the treasury once a node runs the jobs: FINISHED with the hash', async () => {
    ({ app: payer } = await buildTestApp(database(), {
      ...chain.env,
      ...LIMITS,
      PRICE_SIMULATOR_SEED: 'ef'.repeat(32),
      JOB_POLL_INTERVAL_MS: '50',
      JOB_CONCURRENCY: '8',
    }));
    await payer.ready();
    const rows = () => database().db.select().from(coinWithdraws);
    await expect
      .poll(async () => (await rows()).filter((row) => row.status === 'PENDING').length, { timeout: 120_000 })
      .toBe(0);
    const all = await rows();
    expect(all.filter((row) => row.status === 'FAILED')).toHaveLength(1);
    const client = createDevnetPublicClient(chain.rpcUrl);
    for (const [index, player] of players.entries()) {
      const paid = all.filter((row) => row.userId === player.user.id && row.status === 'FINISHED');
      expect(paid.length).toBe([24, 10, 29][index]);
      const expected = paid.reduce((sum, row) => sum + row.payoutWei, 0n);
      expect(await client.getBalance({ address: player.account })).toBe(expected);
      for (const row of paid) expect(row.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    }
    const [first] = all.filter((row) => row.status === 'FINISHED');
    const receipt = await client.getTransactionReceipt({ hash: first?.txHash as `0x${string}` });
    expect(receipt.status).toBe('success');
    expect(await findLedgerDiscrepancies(database().db)).toEqual([]);
    const [finished] = await database()
      .db.select()
      .from(coinWithdraws)
      .where(eq(coinWithdraws.id, first?.id as bigint));
    expect(finished?.payoutStartedAt).not.toBeNull();
    for (const check of payoutChecks) {
      const [paid] = await database().db.select().from(coinWithdraws).where(eq(coinWithdraws.id, check.id));
      expect(paid).toMatchObject({ status: 'FINISHED', txHash: check.hash });
    }
    expect(payoutChecks).toHaveLength(1);
  }, 180_000);
});
