import { getBattleProgressRoute, placeBetRoute, routePath } from '@ojo/api-contract/game/http';
import { credit, findLedgerDiscrepancies, getBalance } from '@ojo/db/ledger';
import { checkInRewards } from '@ojo/db/schema/check-ins';
import { coinWithdraws } from '@ojo/db/schema/coin';
import { type User, users } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addPurchase } from '../../../src/modules/coin/cost-basis';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const DAY_MS = 86_400_000;

/**
 * docs/economy.md 'OJO from a free source, if an operator configures any, stays locked until stated conditions are
 * met': an operator pays day 1 of the check-in in OJO; that OJO cannot be redeemed until the player has a profile,
 * a 7-day-old account and 1,000 OJO bet in a round whose betting closed, while bought OJO redeems as before.
 */
describeWithDatabases('free OJO: locked until a profile, 7 days and 1,000 OJO really bet', ({ database }) => {
  let app: TestApp;
  let nowMs = Math.floor(Date.parse('2026-12-01T09:00:00Z') / 250) * 250;
  let player: User;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // Payouts are not this test's business: no job runner, so no chain is needed.
    ({ app } = await buildTestApp(
      database(),
      { JOB_RUNNER: 'false', WITHDRAW_TRADE_LIMIT: '0' },
      { clock: () => nowMs },
    ));
    await app.db.update(checkInRewards).set({ asset: 'OJO', amount: 50n }).where(eq(checkInRewards.day, 1));
    // The account turns 7 days old a minute from now (the market simulator walks every 250 ms step the clock skips).
    player = await insertUser(app.db, {
      smartAccountAddress: '0x2222222222222222222222222222222222222222',
      createdAt: new Date(nowMs - 7 * DAY_MS + 60_000),
    });
    headers = { ...saasHeaders, jwt_token: await app.issueSessionToken(player.id) };
  });
  afterAll(async () => {
    await app?.close();
  });

  const redeem = (amount: string) =>
    app.inject({ method: 'POST', url: '/coin/withdraws', headers, payload: { amount } });
  const info = async () => {
    const response = await app.inject({ method: 'GET', url: '/coin/withdraw/info', headers });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  // Bought OJO as a credited order leaves it: the OJO and its cost basis (0.0005 ETH per OJO).
  const buy = (amount: bigint, key: string) =>
    app.db.transaction(async (tx) => {
      await credit(tx, {
        userId: player.id,
        asset: 'OJO',
        amount,
        reason: 'coin.order',
        idempotencyKey: key,
      });
      await addPurchase(tx, player.id, amount, amount * 500_000_000_000_000n);
    });
  const ojo = () => getBalance(app.db, player.id, 'OJO');
  const redemptions = async () =>
    (await app.db.select().from(coinWithdraws).where(eq(coinWithdraws.userId, player.id))).length;

  it('refuses free OJO before the conditions, allows bought OJO, and shows the lock and why', async () => {
    const checkIn = await app.inject({ method: 'POST', url: '/v2/tasks/checkin', headers });
    expect(checkIn.json().obj).toMatchObject({ awarded: true, todayReward: '50', todayRewardType: 'OJO' });
    await buy(100n, 'coin:order:free-lock-test-1');
    expect(await ojo()).toBe(150n);

    expect((await info()).freeOjoLock).toEqual({
      locked: '50',
      hasProfile: false,
      accountDays: { require: '7', achieved: '6' },
      bet: { require: '1000', achieved: '0' },
    });
    const refused = await redeem('150');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'FREE_OJO_LOCKED',
      msgKey: 'coin.withdraw.free.locked',
      message:
        '50 OJO from free rewards is locked until you create your profile, play for 7 days (day 6 now), ' +
        'bet 1000 OJO in races (0 so far).',
    });
    expect(await ojo()).toBe(150n);
    expect(await redemptions()).toBe(0);

    // The bought 100 OJO is not locked.
    expect((await redeem('100')).statusCode).toBe(200);
    expect(await ojo()).toBe(50n);
    expect((await redeem('10')).json().code).toBe('FREE_OJO_LOCKED');
  });

  it('still refuses with a profile and a 7-day-old account while the bet is in a round still taking bets', async () => {
    await app.db.update(users).set({ handle: 'free_lock_player' }).where(eq(users.id, player.id));
    nowMs += 60_000;
    await buy(1000n, 'coin:order:free-lock-test-2');
    await app.game.tick();
    const progress = await app.inject({
      method: 'GET',
      url: routePath(getBattleProgressRoute, { id: 'current' }),
      headers: saasHeaders,
    });
    const round: DashRound = progress.json().data.round;
    nowMs = round.terms.timeline.opensAtMs + 100;
    await app.game.tick();
    const bet = await app.inject({
      method: 'POST',
      url: routePath(placeBetRoute, { id: round.terms.roundId }),
      headers,
      payload: {
        currency: 'OJO',
        track: round.terms.tracks[0],
        amount: '1000',
        clientBetId: 'free-lock-bet',
      },
    });
    expect(bet.statusCode).toBe(200);
    expect((await info()).freeOjoLock).toMatchObject({
      locked: '50',
      hasProfile: true,
      accountDays: { achieved: '7' },
      bet: { achieved: '0' },
    });
    expect((await redeem('50')).json().code).toBe('FREE_OJO_LOCKED');

    // Betting closes: 1,000 OJO really bet; the free OJO unlocks.
    nowMs = round.terms.timeline.closesAtMs;
    await app.game.tick();
    expect((await info()).freeOjoLock).toEqual({
      locked: '0',
      hasProfile: true,
      accountDays: { require: '7', achieved: '7' },
      bet: { require: '1000', achieved: '1000' },
    });
    const allowed = await redeem('50');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data).toMatchObject({ amount: '50', status: 'PENDING' });
    expect(await ojo()).toBe(0n);
    expect(await findLedgerDiscrepancies(app.db)).toEqual([]);
  });
});
