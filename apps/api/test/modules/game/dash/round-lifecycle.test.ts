import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  changeBetRoute,
  getBattleProgressRoute,
  getBattleVerifyRoute,
  placeBetRoute,
  routePath,
  withdrawBetRoute,
} from '@ojo/api-contract/game/http';
import { credit, findLedgerDiscrepancies, getBalance } from '@ojo/db/ledger';
import { gameBets, gamePrizePoolEntries } from '@ojo/db/schema/game';
import { jobs } from '@ojo/db/schema/jobs';
import { taskCompletions } from '@ojo/db/schema/tasks';
import type { User } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { verifyRound } from '@ojo/domain/game/dash/verify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { returnedOf } from '../../../../src/modules/game/dash/rounds';
import { settleRound } from '../../../../src/modules/game/dash/settle-round';
import { completeDoTaskJob } from '../../../../src/modules/tasks/complete-do-task.job';
import { buildTestApp, insertUser } from '../../../helpers';
import { saasHeaders } from '../../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const verifyScript = fileURLToPath(new URL('../../../../scripts/verify-round.ts', import.meta.url));

/** Runs the verify:round script on a saved document; answers its output and exit code. */
async function runVerify(file: string): Promise<{ stdout: string; code: number }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      verifyScript,
      '--file',
      file,
    ]);
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; code?: number };
    return { stdout: failed.stdout ?? '', code: failed.code ?? -1 };
  }
}

/**
 * A whole round through the API with the clock in the test's hand: announced with its commitment, bets placed,
 * changed and withdrawn during betting, refused after close, settled through the ledger once (even when settlement
 * runs again), and the published round recomputes to the stored result.
 */
describeWithDatabases('the coin race: one round end to end', ({ database }) => {
  let app: TestApp;
  let nowMs = Math.floor(Date.parse('2026-11-23T00:00:00Z') / 250) * 250;
  const players: User[] = [];
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {}, { clock: () => nowMs }));
    for (let i = 0; i < 3; i += 1) {
      const player = await insertUser(app.db);
      players.push(player);
      tokens.set(player.id, await app.issueSessionToken(player.id));
      for (const asset of ['OJO', 'POINT'] as const)
        await credit(app.db, {
          userId: player.id,
          asset,
          amount: 10_000n,
          reason: 'test',
          idempotencyKey: `test:${player.id}:${asset}`,
        });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const headers = (player: User) => ({ ...saasHeaders, jwt_token: tokens.get(player.id)! });
  const progress = async (): Promise<{ round: DashRound }> => {
    const response = await app.inject({
      method: 'GET',
      url: routePath(getBattleProgressRoute, { id: 'current' }),
      headers: saasHeaders,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const bet = (player: User, roundId: string, currency: 'OJO' | 'POINT', track: string, amount: string) =>
    app.inject({
      method: 'POST',
      url: routePath(placeBetRoute, { id: roundId }),
      headers: headers(player),
      payload: { currency, track, amount, clientBetId: randomBytes(8).toString('hex') },
    });

  it('announces, takes bets, settles once and publishes a round that verifies', async () => {
    await app.game.tick();
    const announced = (await progress()).round;
    expect(announced.phase).toBe('upcoming');
    expect(announced.commitment).toMatch(/^[0-9a-f]{64}$/);
    const roundId = announced.terms.roundId;
    const [a, b, c] = announced.terms.tracks as [string, string, string];

    // Too early: betting has not opened.
    expect((await bet(players[0]!, roundId, 'OJO', a, '200')).json().code).toBe('GAME_BETTING_NOT_OPEN');

    nowMs = announced.terms.timeline.opensAtMs + 100;
    await app.game.tick();
    expect((await progress()).round.phase).toBe('betting');

    const placed = await bet(players[0]!, roundId, 'OJO', a, '1000');
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data).toMatchObject({ track: a, amount: '1000', revision: 0, status: 'active' });
    expect((await bet(players[0]!, roundId, 'OJO', b, '500')).statusCode).toBe(200);
    expect((await bet(players[1]!, roundId, 'OJO', c, '2000')).statusCode).toBe(200);
    expect((await bet(players[1]!, roundId, 'POINT', a, '300')).statusCode).toBe(200);
    const withdrawn = (await bet(players[2]!, roundId, 'OJO', a, '400')).json().data;
    // Below the minimum and beyond the balance: refused, nothing taken.
    expect((await bet(players[2]!, roundId, 'OJO', a, '199')).json().code).toBe('GAME_BELOW_MINIMUM');
    expect((await bet(players[2]!, roundId, 'OJO', a, '20000')).json().code).toBe('GAME_BALANCE_LOW');

    // The same client id places one bet.
    const clientBetId = 'retry-key-0001';
    const once = { currency: 'OJO', track: b, amount: '200', clientBetId };
    const first = await app.inject({
      method: 'POST',
      url: routePath(placeBetRoute, { id: roundId }),
      headers: headers(players[2]!),
      payload: once,
    });
    const again = await app.inject({
      method: 'POST',
      url: routePath(placeBetRoute, { id: roundId }),
      headers: headers(players[2]!),
      payload: once,
    });
    expect(again.json().data.betId).toBe(first.json().data.betId);

    // Change a pick (the difference is taken), withdraw another (refunded).
    const changed = await app.inject({
      method: 'PUT',
      url: routePath(changeBetRoute, { id: roundId, betId: placed.json().data.betId }),
      headers: headers(players[0]!),
      payload: { track: b, amount: '1500', revision: 1 },
    });
    expect(changed.json().data).toMatchObject({ track: b, amount: '1500', revision: 1 });
    const removed = await app.inject({
      method: 'DELETE',
      url: routePath(withdrawBetRoute, { id: roundId, betId: withdrawn.betId }),
      headers: headers(players[2]!),
    });
    expect(removed.json().data.status).toBe('withdrawn');
    expect(await getBalance(app.db, players[0]!.id, 'OJO')).toBe(10_000n - 1500n - 500n);
    expect(await getBalance(app.db, players[2]!.id, 'OJO')).toBe(10_000n - 200n);

    // Betting closes: the race starts with its start snapshot; a late bet is refused.
    nowMs = announced.terms.timeline.closesAtMs;
    await app.game.tick();
    const racing = (await progress()).round;
    expect(racing.phase).toBe('racing');
    expect(racing.startSnapshot).not.toBeNull();
    expect(racing.pools.OJO.stakes).toBe(String(1500 + 500 + 2000 + 200));
    const late = await bet(players[1]!, roundId, 'OJO', a, '200');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('GAME_BETTING_CLOSED');

    nowMs = announced.terms.timeline.raceEndsAtMs;
    await app.game.tick();
    const settled = (await progress()).round;
    expect(settled.phase).toBe('results');
    expect(settled.outcome?.kind).toBe('settled');

    // Settlement again (a retry, a second node): nothing more is paid.
    const before = await Promise.all(players.map((p) => getBalance(app.db, p.id, 'OJO')));
    expect(await settleRound(app.db, roundId, nowMs)).toBeNull();
    await app.game.tick();
    expect(await Promise.all(players.map((p) => getBalance(app.db, p.id, 'OJO')))).toEqual(before);

    // Every player's balance moved by exactly their payouts minus their stakes.
    const rows = await app.db.select().from(gameBets).where(eq(gameBets.roundId, roundId));
    for (const player of players) {
      const mine = rows.filter((row) => row.userId === player.id && row.currency === 'OJO');
      const net = mine
        .filter((row) => row.status === 'active')
        .reduce((sum, row) => sum - row.amount + (returnedOf(settled, row) ?? 0n), 0n);
      expect(await getBalance(app.db, player.id, 'OJO')).toBe(10_000n + net);
    }
    const outcome = settled.outcome!;
    if (outcome.kind === 'settled') {
      const fees = await app.db.select().from(gamePrizePoolEntries);
      const fed = fees.filter((f) => f.currency === 'OJO').reduce((sum, f) => sum + f.amount, 0n);
      expect(fed).toBe(
        outcome.currencies.OJO.winningBets > 0
          ? BigInt(outcome.currencies.OJO.fee) + BigInt(outcome.currencies.OJO.remainder)
          : BigInt(outcome.currencies.OJO.fee),
      );
    }
    expect(await findLedgerDiscrepancies(app.db)).toEqual([]);

    // The published round recomputes to the stored result from its own data alone.
    const published = await app.inject({
      method: 'GET',
      url: routePath(getBattleVerifyRoute, { id: roundId }),
      headers: saasHeaders,
    });
    expect(published.statusCode).toBe(200);
    const report = verifyRound(published.json().data);
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(report.valid).toBe(true);
    expect(published.json().data.seed).toMatch(/^[0-9a-f]{64}$/);

    // `npm run verify:round` says the same from the document alone, and catches a changed payout.
    const folder = mkdtempSync(path.join(tmpdir(), 'ojo-verify-'));
    const good = path.join(folder, 'round.json');
    writeFileSync(good, JSON.stringify(published.json().data));
    const verified = await runVerify(good);
    expect(verified.stdout).toContain('VALID');
    expect(verified.code).toBe(0);
    const bad = path.join(folder, 'forged.json');
    writeFileSync(
      bad,
      JSON.stringify({ ...published.json().data, bets: [...published.json().data.bets].slice(1) }),
    );
    const refused = await runVerify(bad);
    expect(refused.stdout).toContain('INVALID');
    expect(refused.code).toBe(1);

    // Playing completes task 411004 (through the tasks module's job).
    const queued = await app.db.select().from(jobs).where(eq(jobs.kind, 'tasks.complete-do-task'));
    expect(new Set(queued.map((job) => (job.payload as { userId: string }).userId))).toEqual(
      new Set(players.map((p) => p.id)),
    );
    // The node's job runner completes the task; running the job again (a retry) completes nothing more.
    const completed = () =>
      app.db
        .select()
        .from(taskCompletions)
        .where(eq(taskCompletions.userId, players[0]!.id))
        .then((rows) => rows.map((row) => [row.taskId, row.completedAt !== null]));
    await expect.poll(completed, { timeout: 20_000 }).toEqual([[411004, true]]);
    const job = queued.find((j) => (j.payload as { userId: string }).userId === players[0]!.id)!;
    const retried = await completeDoTaskJob.handle({
      payload: job.payload as { userId: string; taskId: number },
      job: { id: job.id, key: job.key, kind: job.kind, attempts: 2, lockedBy: 'test' },
      deps: { db: app.db } as never,
      log: app.log,
      signal: new AbortController().signal,
    });
    expect(retried).toMatchObject({ done: true, isNewlyDone: false });

    // After the results the round finishes and the next one is announced with its own commitment.
    nowMs = announced.terms.timeline.resultsEndAtMs;
    await app.game.tick();
    await app.game.tick();
    const next = (await progress()).round;
    expect(next.terms.roundId).not.toBe(roundId);
    expect(next.commitment).not.toBe(announced.commitment);
  });
});
