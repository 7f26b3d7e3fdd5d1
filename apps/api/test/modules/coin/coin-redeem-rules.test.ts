import { randomBytes } from 'node:crypto';
import { credit, findLedgerDiscrepancies, getBalance } from '@ojo/db/ledger';
import { coinCostBasis, coinWithdraws } from '@ojo/db/schema/coin';
import { gameBets, gameRounds } from '@ojo/db/schema/game';
import type { User } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { redeemEthOut } from '@ojo/domain/coin/redeem';
import { atRate, bidRate } from '@ojo/domain/coin/redeem-payout';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits, parseDecimal } from '@ojo/domain/format/decimal';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addPurchase } from '../../../src/modules/coin/cost-basis';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

/**
 * The redeem rules with the defaults (trade limit 200, spread 3 %), no chain: the trade limit counts only OJO staked
 * in rounds whose betting closed; cancelled redemptions count toward the day; an amount past the maximum, of any
 * length, is 'Max redeem is {n} OJO'; bought OJO never redeems for more than it cost, won OJO only at the cheapest
 * rate any purchase paid (nothing before the first), and a cancel gives the cost basis back exactly.
 */
describeWithDatabases('redeem rules', ({ database }) => {
  type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
  let app: App;
  const nowMs = Date.parse('2026-11-24T12:00:00Z');
  const ETH = 10n ** 18n;

  const call = async (user: User, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(user.id) },
      ...(payload ? { payload } : {}),
    });
  const redeem = (user: User, amount: string) => call(user, 'POST', '/coin/withdraws', { amount });
  const info = async (user: User) => (await call(user, 'GET', '/coin/withdraw/info')).json().data;
  const player = () =>
    insertUser(database().db, { smartAccountAddress: `0x${randomBytes(20).toString('hex')}` });
  /** What settle-payment does for a credited order: the OJO and its cost, in one transaction. */
  const buy = (user: User, qty: bigint, wei: bigint) =>
    database().db.transaction(async (tx) => {
      await credit(tx, {
        userId: user.id,
        asset: 'OJO',
        amount: qty,
        reason: 'coin.order',
        idempotencyKey: `test:buy:${randomBytes(8).toString('hex')}`,
      });
      await addPurchase(tx, user.id, qty, wei);
    });
  const win = (user: User, qty: bigint) =>
    credit(database().db, {
      userId: user.id,
      asset: 'OJO',
      amount: qty,
      reason: 'test.won',
      idempotencyKey: `test:won:${randomBytes(8).toString('hex')}`,
    });
  let roundCounter = 0;
  /** A bet row of `amount` OJO in a round in `phase`. */
  const bet = async (user: User, amount: bigint, phase: string, status = 'active') => {
    roundCounter += 1;
    const id = `test-round-${randomBytes(4).toString('hex')}-${roundCounter}`;
    await database()
      .db.insert(gameRounds)
      .values({ id, phase, opensAtMs: nowMs, closesAtMs: nowMs + 30_000, commitment: 'c', state: {} });
    await database()
      .db.insert(gameBets)
      .values({
        id: `${id}-bet`,
        roundId: id,
        userId: user.id,
        clientBetId: 'b',
        currency: 'OJO',
        track: 't',
        amount,
        status,
        placedAtMs: nowMs,
      });
  };
  const basisOf = async (user: User) =>
    (await database().db.select().from(coinCostBasis).where(eq(coinCostBasis.userId, user.id)))[0];
  /** The bid now, as the API computes it: wei per OJO at the mid price less 3 %. */
  const bid = () => {
    const price = parseDecimal(app.prices.quote('ETH', nowMs)?.price ?? '') as {
      units: bigint;
      scale: number;
    };
    return bidRate(price.units, price.scale, 300);
  };

  beforeAll(async () => {
    ({ app } = await buildTestApp(
      database(),
      {
        JOB_RUNNER: 'false',
        WITHDRAW_DAILY_COUNT: '3',
        WITHDRAW_DAILY_AMOUNT: '5000',
        RATE_LIMIT_MAX: '100000',
      },
      { clock: () => nowMs },
    ));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('pays nothing for OJO nobody bought before any purchase set a rate', async () => {
    const winner = await player();
    await win(winner, 1000n);
    await bet(winner, 200n, 'finished');
    const answer = await redeem(winner, '100');
    expect([answer.statusCode, answer.json().code]).toEqual([422, 'WITHDRAW_TOO_SMALL']);
    expect(await getBalance(database().db, winner.id, 'OJO')).toBe(1000n);
    expect((await info(winner)).redeem).toEqual({
      spreadBps: 300,
      costBasis: { qty: '0', wei: '0' },
      lowestPaid: null,
    });
  });

  it('refuses a redemption before 200 OJO of real bets: bets still in betting and withdrawn bets do not count', async () => {
    const buyer = await player();
    await buy(buyer, 1000n, ETH / 2n);
    const refused = await redeem(buyer, '100');
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      422,
      'WITHDRAW_TRADE_LIMIT',
      'Redeem require a total bet of 200 OJO',
    ]);
    await bet(buyer, 300n, 'betting');
    await bet(buyer, 300n, 'upcoming');
    await bet(buyer, 300n, 'results', 'withdrawn');
    await bet(buyer, 199n, 'racing');
    expect((await info(buyer)).conditions.tradeLimit).toEqual({ require: '200', achieved: '199' });
    expect((await redeem(buyer, '100')).json().code).toBe('WITHDRAW_TRADE_LIMIT');
    await bet(buyer, 1n, 'finished');
    expect((await info(buyer)).conditions.tradeLimit).toEqual({ require: '200', achieved: '200' });
    const accepted = await redeem(buyer, '100');
    expect(accepted.statusCode).toBe(200);
  });

  it("answers 'Max redeem is {n} OJO' past the maximum, for any number of digits", async () => {
    const buyer = await player();
    await buy(buyer, 700n, ETH / 2n);
    await bet(buyer, 200n, 'finished');
    for (const amount of ['701', '9'.repeat(32), `1${'0'.repeat(60)}`]) {
      const answer = await redeem(buyer, amount);
      expect([answer.statusCode, answer.json().code, answer.json().message]).toEqual([
        422,
        'WITHDRAW_ABOVE_MAX',
        'Max redeem is 700 OJO',
      ]);
    }
    // The day's amount left is the lower bound once redemptions used most of it.
    await buy(buyer, 9000n, ETH);
    expect((await redeem(buyer, '4000')).statusCode).toBe(200);
    expect((await redeem(buyer, '1001')).json().message).toBe('Max redeem is 1,000 OJO');
    expect((await redeem(buyer, '9')).json().message).toBe('Min redeem is 10 OJO');
    const notDigits = await redeem(buyer, '12a');
    expect([notDigits.statusCode, notDigits.json().msgKey, notDigits.json().message]).toEqual([
      400,
      'request.invalid',
      'body.amount: must be a whole number of OJO (digits only)',
    ]);
    expect(await getBalance(database().db, buyer.id, 'OJO')).toBe(5700n);
  });

  it('counts cancelled redemptions toward the day, and a cancel gives back exactly the cost basis taken', async () => {
    const buyer = await player();
    await buy(buyer, 3000n, 3n * 10n ** 17n + 7n);
    await bet(buyer, 200n, 'finished');
    const before = await basisOf(buyer);
    for (let i = 0; i < 3; i += 1) {
      const made = await redeem(buyer, '1000');
      expect(made.statusCode).toBe(200);
      const [row] = await database()
        .db.select()
        .from(coinWithdraws)
        .where(eq(coinWithdraws.id, BigInt(made.json().data.id)));
      expect(row).toMatchObject({ basisQty: 1000n });
      expect((await basisOf(buyer))?.qty).toBe(2000n);
      const cancelled = await call(buyer, 'DELETE', `/coin/withdraws/${made.json().data.id}`);
      expect(cancelled.json().data.status).toBe('CANCELLED');
      expect(await basisOf(buyer)).toMatchObject({ qty: before?.qty, wei: before?.wei });
    }
    const fourth = await redeem(buyer, '1000');
    expect([fourth.statusCode, fourth.json().message]).toEqual([422, 'Max redeem reached today']);
    const conditions = (await info(buyer)).conditions;
    expect(conditions.dailyCountCheck).toEqual({ require: '3', achieved: '3' });
    expect(conditions.dailyAmountCheck).toEqual({ require: '5000', achieved: '3000' });
    expect(await getBalance(database().db, buyer.id, 'OJO')).toBe(3000n);
  });

  it('pays bought OJO at most its cost and won OJO at most the cheapest rate paid; the screen shows exactly that', async () => {
    const buyer = await player();
    // Bought far below the bid: the cost caps it. The cheapest rate paid so far is ETH/2 per 1000 OJO.
    const cost = atRate(1000n, bid()) / 2n;
    await buy(buyer, 1000n, cost);
    await win(buyer, 500n);
    await bet(buyer, 200n, 'finished');
    const shown = await info(buyer);
    expect(shown.redeem.costBasis).toEqual({ qty: '1000', wei: cost.toString() });
    const made = await redeem(buyer, '1500');
    expect(made.statusCode).toBe(200);
    const lowest = (await info(buyer)).redeem.lowestPaid;
    const wonPart = [atRate(500n, bid()), (500n * BigInt(lowest.wei)) / BigInt(lowest.qty)];
    const expected = cost + (wonPart[0]! < wonPart[1]! ? wonPart[0]! : wonPart[1]!);
    expect(made.json().data.ethAmount).toBe(fromBaseUnits(expected, BALANCE_ASSET.decimals));
    expect(fromBaseUnits(redeemEthOut(1500n, shown), BALANCE_ASSET.decimals)).toBe(
      made.json().data.ethAmount,
    );
    expect(await basisOf(buyer)).toMatchObject({ qty: 0n, wei: 0n });
    expect(await findLedgerDiscrepancies(database().db)).toEqual([]);
  });
});
