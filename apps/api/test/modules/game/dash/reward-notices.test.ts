import { randomBytes } from 'node:crypto';
import { getBattleProgressRoute, placeBetRoute, routePath } from '@ojo/api-contract/game/http';
import { queryRows } from '@ojo/db/client';
import { credit } from '@ojo/db/ledger';
import { gameRounds } from '@ojo/db/schema/game';
import { jobs } from '@ojo/db/schema/jobs';
import type { User } from '@ojo/db/schema/users';
import { eq, sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRoundDriver } from '../../../../src/modules/game/dash/drive-rounds';
import { PLAY_GAME_JOB_KEY_PREFIX } from '../../../../src/modules/game/dash/settle-round';
import type { LiveEvent } from '../../../../src/modules/game/live/live-bus';
import { buildTestApp, insertUser } from '../../../helpers';
import { saasHeaders } from '../../../support/identity';

type Built = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * A player hears once that the play-task reward of a round landed, whichever node drives the rounds: the driver
 * that settled the round is gone (a crash, the lease moved) before the reward's job succeeds; the driver that took
 * over, with nothing in memory, still tells the player, and neither it nor a later one tells them again.
 */
describeWithDatabases('play-task reward notices across a driver hand-over', ({ database }) => {
  let app: Built['app'];
  let config: Built['config'];
  let nowMs = Math.floor(Date.parse('2026-11-24T09:00:00Z') / 250) * 250;
  let player: User;

  beforeAll(async () => {
    // No job runner at first: the reward's job waits until the test starts it, after the hand-over.
    ({ app, config } = await buildTestApp(database(), { JOB_RUNNER: 'false' }, { clock: () => nowMs }));
    player = await insertUser(app.db);
    await credit(app.db, {
      userId: player.id,
      asset: 'OJO',
      amount: 10_000n,
      reason: 'test',
      idempotencyKey: `test:${player.id}:OJO`,
    });
  });
  afterAll(async () => {
    await app?.jobs.runner.stop();
    await app?.close();
  });

  const driver = () =>
    createRoundDriver({ db: app.db, bus: app.game.bus, config: config.game, log: app.log, now: () => nowMs });
  const current = async (): Promise<DashRound> =>
    (
      await app.inject({
        method: 'GET',
        url: routePath(getBattleProgressRoute, { id: 'current' }),
        headers: saasHeaders,
      })
    ).json().data.round;

  /** The player bets 500 OJO on the round's first track. */
  const betOn = async (round: DashRound) =>
    app.inject({
      method: 'POST',
      url: routePath(placeBetRoute, { id: round.terms.roundId }),
      headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(player.id) },
      payload: {
        currency: 'OJO',
        track: round.terms.tracks[0],
        amount: '500',
        clientBetId: randomBytes(8).toString('hex'),
      },
    });

  it('the new driver tells the player once when the reward lands after the hand-over', async () => {
    const heard: LiveEvent[] = [];
    app.game.bus.subscribe((event) => {
      if (event.message.type === 'balance') heard.push(event);
    });

    // The first driver runs a round the player bets in and settles it.
    const first = driver();
    await first.tick();
    const round = await current();
    const { roundId, timeline } = round.terms;
    nowMs = timeline.opensAtMs + 100;
    await first.tick();
    expect((await betOn(round)).statusCode).toBe(200);
    nowMs = timeline.closesAtMs;
    await first.tick();
    nowMs = timeline.raceEndsAtMs;
    await first.tick();
    const [row] = await app.db.select().from(gameRounds).where(eq(gameRounds.id, roundId));
    expect(row?.settledAt).not.toBeNull();

    // The first driver is gone; the second, with fresh memory, drives. The reward has not landed: nobody is told.
    const second = driver();
    for (let i = 0; i < 8; i += 1) await second.tick();
    expect(heard).toEqual([]);

    // The tasks module's job runner completes the reward: the second driver tells the player.
    app.jobs.runner.start();
    nowMs += 1000;
    await expect
      .poll(
        async () => {
          await second.tick();
          return heard.map((event) => event.to);
        },
        { timeout: 20_000, interval: 50 },
      )
      .toEqual([player.id]);
    expect(heard[0]!.message).toEqual({
      type: 'balance',
      roundId,
      reason: 'task_reward',
      reward: { currency: 'POINT', amount: '20' },
    });

    // Neither it nor a later driver tells them again.
    const third = driver();
    for (let i = 0; i < 8; i += 1) {
      await second.tick();
      await third.tick();
    }
    expect(heard).toHaveLength(1);

    // A second round the same UTC day: its job completes nothing (the task is done for the day), so the player is
    // told nothing more.
    let next: DashRound | undefined;
    for (let step = 0; step < 400 && !next; step += 1) {
      nowMs += 500;
      await second.tick();
      const shown = await current();
      const { opensAtMs, closesAtMs } = shown.terms.timeline;
      if (shown.terms.roundId !== roundId && nowMs >= opensAtMs && nowMs < closesAtMs) next = shown;
    }
    if (!next) throw new Error('no second round opened');
    expect((await betOn(next)).statusCode).toBe(200);
    nowMs = next.terms.timeline.closesAtMs;
    await second.tick();
    nowMs = next.terms.timeline.raceEndsAtMs;
    await second.tick();
    const secondJob = async () =>
      (
        await queryRows<{ state: string }>(
          app.db,
          sql`select state from ${jobs} where key like ${`${PLAY_GAME_JOB_KEY_PREFIX}${next.terms.roundId}:%`}`,
        )
      ).map((row) => row.state);
    await expect.poll(secondJob, { timeout: 20_000, interval: 50 }).toEqual(['succeeded']);
    nowMs += 1000;
    for (let i = 0; i < 8; i += 1) await second.tick();
    expect(heard).toHaveLength(1);
  });
});
