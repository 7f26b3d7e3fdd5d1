import { randomBytes } from 'node:crypto';
import { placeBetRoute, routePath } from '@ojo/api-contract/game/http';
import { credit, findLedgerDiscrepancies, getBalance } from '@ojo/db/ledger';
import { coinWithdraws } from '@ojo/db/schema/coin';
import { gameBets } from '@ojo/db/schema/game';
import { eq } from '@ojo/db/sql';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPurchase } from '../../../src/modules/coin/cost-basis';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

/**
 * Many bets (the one-statement fast path) and redemptions of one OJO balance at once, on PostgreSQL: both take the
 * balance row's lock (a redemption after the ledger's advisory lock), so each sees the other's move and none is
 * refused by the database's overdraft check. Every answer is a 2xx or a 4xx with a code, and the balance is what
 * the ledger says it is.
 */
describe('bets racing redemptions on one balance [postgres]', () => {
  type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
  let database: TestDatabase;
  let app: App;
  let nowMs = Math.floor(Date.parse('2026-11-25T00:00:00Z') / 250) * 250;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    ({ app } = await buildTestApp(
      database,
      {
        JOB_RUNNER: 'false',
        WITHDRAW_TRADE_LIMIT: '0',
        WITHDRAW_DAILY_COUNT: '1000',
        WITHDRAW_DAILY_AMOUNT: '1000000',
        RATE_LIMIT_MAX: '100000',
      },
      { clock: () => nowMs },
    ));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers every request 2xx or 4xx, and the balance and ledger agree', async () => {
    await app.game.tick();
    const progress = async () =>
      (
        await app.inject({ method: 'GET', url: '/games/battle/current/progress', headers: saasHeaders })
      ).json().data as { round: DashRound };
    const announced = (await progress()).round;
    nowMs = announced.terms.timeline.opensAtMs + 100;
    await app.game.tick();
    expect((await progress()).round.phase).toBe('betting');
    const roundId = announced.terms.roundId;
    const track = announced.terms.tracks[0] as string;

    for (let attempt = 0; attempt < 4; attempt += 1) {
      const user = await insertUser(app.db, { smartAccountAddress: `0x${randomBytes(20).toString('hex')}` });
      const jwt = await app.issueSessionToken(user.id);
      await app.db.transaction(async (tx) => {
        await credit(tx, {
          userId: user.id,
          asset: 'OJO',
          amount: 3000n,
          reason: 'coin.order',
          idempotencyKey: `t:${user.id}`,
        });
        await addPurchase(tx, user.id, 3000n, 10n ** 18n);
      });
      const headers = { ...saasHeaders, jwt_token: jwt };
      const asks = Array.from({ length: 24 }, (_, index) =>
        index % 2 === 0
          ? app.inject({
              method: 'POST',
              url: routePath(placeBetRoute, { id: roundId }),
              headers,
              payload: { currency: 'OJO', track, amount: '300', clientBetId: randomBytes(8).toString('hex') },
            })
          : app.inject({ method: 'POST', url: '/coin/withdraws', headers, payload: { amount: '300' } }),
      );
      const answers = await Promise.all(asks);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      for (const answer of answers) {
        if (answer.statusCode !== 200) {
          expect([409, 422]).toContain(answer.statusCode);
          expect(answer.json().code).toMatch(/^[A-Z_0-9]+$/);
        }
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      const bets = await app.db.select().from(gameBets).where(eq(gameBets.userId, user.id));
      const redeemed = await app.db.select().from(coinWithdraws).where(eq(coinWithdraws.userId, user.id));
      const taken = [...bets, ...redeemed].reduce((sum, row) => sum + row.amount, 0n);
      expect(await getBalance(app.db, user.id, 'OJO')).toBe(3000n - taken);
    }
    expect(await findLedgerDiscrepancies(app.db)).toEqual([]);
  }, 120_000);
});
