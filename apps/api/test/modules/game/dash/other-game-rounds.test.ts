import { gameBets, gameRounds } from '@ojo/db/schema/game';
import { describeWithDatabases } from '@ojo/db/testing';
import { beforeAll, expect, it } from 'vitest';
import type { AppError } from '../../../../src/lib/errors';
import { placeBet } from '../../../../src/modules/game/dash/place-bet';
import { dashRoundsOf } from '../../../../src/modules/game/dash/player-rounds';
import {
  activeRounds,
  findRound,
  lastFinishedRound,
  screenRounds,
  settledRounds,
} from '../../../../src/modules/game/dash/rounds';
import { realBetsOf } from '../../../../src/modules/game/real-bets';
import { insertUser } from '../../../helpers';

/**
 * The rounds table holds every game's rounds (its `game` column). Another game's rounds, even ones that would come
 * first by time, never reach the race: not on screen, not in its history, not as a round to bet on, not in a
 * player's Dash rounds, and never read as Dash's in a player's real bets.
 */
describeWithDatabases("the race reads Dash's rounds only", ({ database }) => {
  const t0 = Date.parse('2026-11-23T00:00:00Z');
  const outcome = { kind: 'settled', winners: ['BTC'] };
  let playerId: string;

  /** A round row; the race reads only the columns and the outcome, so the document is kept to those. */
  const round = (id: string, game: string, opensAtMs: number, settled: boolean) => ({
    id,
    game,
    phase: settled ? 'finished' : 'betting',
    opensAtMs,
    closesAtMs: opensAtMs + 30_000,
    commitment: `c-${id}`,
    state: { phase: settled ? 'finished' : 'betting', ...(settled ? { outcome } : {}) },
    settledAt: settled ? new Date(opensAtMs + 60_000) : null,
  });
  const bet = (roundId: string) => ({
    id: `bet-${roundId}`,
    roundId,
    userId: playerId,
    clientBetId: `client-${roundId}`,
    currency: 'OJO',
    track: 'BTC',
    amount: 200n,
    placedAtMs: t0,
  });

  beforeAll(async () => {
    const { db } = database();
    playerId = (await insertUser(db)).id;
    // Each of the other game's rounds opens before (active) or after (settled) Dash's, so an unfiltered query
    // would answer it first.
    await db
      .insert(gameRounds)
      .values([
        round('dash-settled', 'dash', t0, true),
        round('dash-live', 'dash', t0 + 120_000, false),
        round('splash-settled', 'splash', t0 + 60_000, true),
        round('splash-live', 'splash', t0 + 90_000, false),
      ]);
    await db.insert(gameBets).values([bet('dash-settled'), bet('splash-settled')]);
  });

  it('finds, lists and shows only Dash rounds', async () => {
    const { db } = database();
    expect((await activeRounds(db)).map((stored) => stored.id)).toEqual(['dash-live']);
    const { current, next } = await screenRounds(db);
    expect([current?.id, next?.id]).toEqual(['dash-live', undefined]);
    expect((await lastFinishedRound(db))?.id).toBe('dash-settled');
    expect((await settledRounds(db, { limit: 10 })).map((stored) => stored.id)).toEqual(['dash-settled']);
    expect(await findRound(db, 'splash-live')).toBeUndefined();
    expect((await findRound(db, 'dash-live'))?.id).toBe('dash-live');
  });

  it("refuses a Dash bet on another game's round as an unknown round", async () => {
    const { db } = database();
    const placing = placeBet(
      db,
      {
        roundId: 'splash-live',
        userId: playerId,
        currency: 'OJO',
        track: 'BTC',
        amount: 200n,
        clientBetId: 'on-splash',
      },
      t0 + 91_000,
    );
    await expect(placing).rejects.toMatchObject({ statusCode: 404 } satisfies Partial<AppError>);
  });

  it("counts a player's Dash rounds, played and won, without the other game's", async () => {
    const { db } = database();
    expect(await dashRoundsOf(db, playerId, { won: false })).toBe(1);
    expect(await dashRoundsOf(db, playerId, { won: true })).toBe(1);
  });

  it("reads a player's real bets in Dash's rounds with Dash's reader only", async () => {
    const { db } = database();
    expect(await realBetsOf(db, playerId)).toEqual({ rounds: 1, ojo: 200n });
  });
});
