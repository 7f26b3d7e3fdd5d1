import { credit, findLedgerDiscrepancies, getBalance } from '@ojo/db/ledger';
import { gameBets } from '@ojo/db/schema/game';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import type { User } from '@ojo/db/schema/users';
import { eq, sql } from '@ojo/db/sql';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../../src/lib/errors';
import { placeBet } from '../../../../src/modules/game/dash/place-bet';
import { screenRounds } from '../../../../src/modules/game/dash/rounds';
import { buildTestApp, insertUser } from '../../../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Runs `tasks` with at most `limit` at a time (the pool has a few connections; more would only queue). */
async function inParallel<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!().then(
          (value) => ({ status: 'fulfilled', value }) as const,
          (reason: unknown) => ({ status: 'rejected', reason }) as const,
        );
      }
    }),
  );
  return results;
}

describe('bets on PostgreSQL: many players at once, each stake taken once, never below zero', () => {
  let database: TestDatabase;
  let app: TestApp;
  let nowMs = Math.floor(Date.parse('2026-11-23T00:00:00Z') / 250) * 250;
  let round: DashRound;
  const players: User[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    ({ app } = await buildTestApp(database, {}, { clock: () => nowMs }));
    await app.game.tick();
    round = (await screenRounds(app.db)).next!.state;
    nowMs = round.terms.timeline.opensAtMs;
    await app.game.tick();
    for (let i = 0; i < 101; i += 1) {
      const player = await insertUser(app.db);
      players.push(player);
      await credit(app.db, {
        userId: player.id,
        asset: 'OJO',
        amount: i === 100 ? 1000n : 100_000n,
        reason: 'test',
        idempotencyKey: `test:${player.id}`,
      });
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('takes 1,000 bets from 100 players in one betting phase, each debited once even when sent twice', async () => {
    const tasks = [];
    for (let p = 0; p < 100; p += 1)
      for (let b = 0; b < 10; b += 1) {
        const input = {
          roundId: round.terms.roundId,
          userId: players[p]!.id,
          currency: 'OJO' as const,
          track: round.terms.tracks[(p + b) % 5]!,
          amount: 200n + BigInt(b),
          clientBetId: `p${p}-b${b}-key`,
        };
        // Every bet is sent twice, at once: a client retry.
        tasks.push(
          () => placeBet(app.db, input, nowMs),
          () => placeBet(app.db, input, nowMs),
        );
      }
    const results = await inParallel(16, tasks);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const [count] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gameBets)
      .where(eq(gameBets.roundId, round.terms.roundId));
    expect(count!.n).toBe(1000);
    const [debits] = await app.db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`sum(-amount)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, 'game.dash.bet'));
    expect(debits!.n).toBe(1000);
    const staked = 100n * (10n * 200n + 45n);
    expect(BigInt(debits!.total)).toBe(staked);
    for (const player of players.slice(0, 100))
      expect(await getBalance(app.db, player.id, 'OJO')).toBe(100_000n - 2045n);
  }, 180_000);

  it('never takes a balance below zero with parallel bets', async () => {
    const poor = players[100]!;
    const tasks = Array.from(
      { length: 20 },
      (_, i) => () =>
        placeBet(
          app.db,
          {
            roundId: round.terms.roundId,
            userId: poor.id,
            currency: 'OJO',
            track: round.terms.tracks[i % 5]!,
            amount: 200n,
            clientBetId: `poor-${i}-key`,
          },
          nowMs,
        ),
    );
    const results = await inParallel(10, tasks);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(5);
    for (const r of refused)
      expect(((r as PromiseRejectedResult).reason as AppError).code).toBe('GAME_BALANCE_LOW');
    expect(await getBalance(app.db, poor.id, 'OJO')).toBe(0n);
    expect(await findLedgerDiscrepancies(app.db)).toEqual([]);
  }, 60_000);

  it('refuses a bet once betting closed, and the close counts every bet placed before it', async () => {
    nowMs = round.terms.timeline.closesAtMs;
    await app.game.tick();
    const closed = (await screenRounds(app.db)).current!.state;
    expect(closed.phase).toBe('racing');
    expect(closed.pools.OJO.bets).toBe(1005);
    await expect(
      placeBet(
        app.db,
        {
          roundId: round.terms.roundId,
          userId: players[0]!.id,
          currency: 'OJO',
          track: round.terms.tracks[0]!,
          amount: 200n,
          clientBetId: 'late-bet-key',
        },
        nowMs,
      ),
    ).rejects.toMatchObject({ code: 'GAME_BETTING_CLOSED' });
    nowMs = round.terms.timeline.raceEndsAtMs;
    await app.game.tick();
    const settled = (await screenRounds(app.db)).current!.state;
    expect(settled.outcome?.kind).toBe('settled');
    expect(await findLedgerDiscrepancies(app.db)).toEqual([]);
  }, 60_000);
});
