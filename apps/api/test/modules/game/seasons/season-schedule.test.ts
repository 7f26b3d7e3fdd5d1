import { getSeasonsRoute, routePath } from '@ojo/api-contract/game/http';
import { gameBets, gameRounds } from '@ojo/db/schema/game';
import { isNotNull } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { weekOf } from '../../../../src/modules/game/seasons/seasons';
import { buildTestApp } from '../../../helpers';
import { saasHeaders } from '../../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/**
 * Seasons keep their own schedule (product.md 3 'Season states: closing, open, closed.'): on a fresh install with the
 * schedulers on and nobody playing, the current week's season is listed as open without any round settling; when
 * its week has ended it is closed and settled, and the current week's season is
 * open, again without a single bet.
 */
describeWithDatabases('seasons on their own schedule', ({ database }) => {
  let app: TestApp;
  // A minute before the end of the week from Monday 2026-11-30. (The clock moves by minutes, not weeks: the market
  // simulator the rounds open at walks every 250 ms step of a jump.)
  let nowMs = Date.parse('2026-12-06T23:59:00Z');
  const first = weekOf(nowMs);

  beforeAll(async () => {
    ({ app } = await buildTestApp(
      database(),
      { GAME_SCHEDULER: 'true', GAME_SEASON_CHECK_MS: '250' },
      { clock: () => nowMs },
    ));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const seasons = async (): Promise<{ id: string; state: string; settledAtMs: number | null }[]> =>
    (await app.inject({ method: 'GET', url: routePath(getSeasonsRoute), headers: saasHeaders })).json().data
      .seasons;

  it('lists the current season as open before any round settles', async () => {
    await expect
      .poll(seasons, { timeout: 20_000, interval: 100 })
      .toEqual([expect.objectContaining({ id: first.id, state: 'open', settledAtMs: null })]);
    expect(await app.db.select().from(gameRounds).where(isNotNull(gameRounds.settledAt))).toEqual([]);
  });

  it('closes and settles an ended season and opens the current one with no round played', async () => {
    nowMs = first.endsAtMs + 60_000;
    const current = weekOf(nowMs);
    expect(current.id).not.toBe(first.id);
    await expect
      .poll(
        async () => {
          const listed = await seasons();
          return {
            current: listed.find((season) => season.id === current.id)?.state,
            first: listed.find((season) => season.id === first.id),
          };
        },
        { timeout: 20_000, interval: 100 },
      )
      .toEqual({
        current: 'open',
        first: expect.objectContaining({ state: 'closed', settledAtMs: nowMs }),
      });
    expect(await app.db.select().from(gameBets)).toEqual([]);
  });
});
