import { getLaddersRoute, getRewardCurrentRoute, routePath } from '@ojo/api-contract/game/http';
import { queryRows } from '@ojo/db/client';
import { gameSeasonPlayers } from '@ojo/db/schema/game';
import type { User } from '@ojo/db/schema/users';
import { eq, sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { type LadderStanding, rankLadder } from '@ojo/domain/game/season/ladder';
import { seasonPlayerRef } from '@ojo/domain/game/season/verify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureOpenSeason, weekOf } from '../../../../src/modules/game/seasons/seasons';
import { buildTestApp, insertUser } from '../../../helpers';
import { saasHeaders } from '../../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/**
 * The open season's ladder: players who tie on tier, result and stakes rank as settlement will rank them (the
 * domain's ladder order, last by the player's season reference), and each entry names the player by their public
 * handle and avatar.
 */
describeWithDatabases('open-season ladder', ({ database }) => {
  let app: TestApp;
  const nowMs = Date.parse('2026-11-18T12:00:00Z');
  const season = weekOf(nowMs);
  // Fixed ids, so the reference order below is known to differ from the order of the ids themselves.
  const ids = Array.from({ length: 7 }, (_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`);
  const players: User[] = [];
  // As settlement sees them: each player under their season reference (settle-season.ts).
  let standings: LadderStanding[] = [];
  const ref = (player: User) => seasonPlayerRef(season.id, player.id);
  const playerOf = (playerRef: string) => players.find((player) => ref(player) === playerRef)!;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {}, { clock: () => nowMs }));
    await ensureOpenSeason(app.db, nowMs);
    for (const [i, id] of ids.entries()) {
      // The fourth player has not created a profile yet: no handle, no avatar.
      const profile =
        i === 3 ? {} : { handle: `player-${i + 1}`, avatar: `https://avatars.test/${i + 1}.png` };
      players.push(await insertUser(app.db, { id, ...profile }));
    }
    // Six players tie completely; the seventh ranks above them on result alone.
    standings = players.map((player, i) => ({
      playerId: ref(player),
      tier: 0,
      result: i === 6 ? 900n : 100n,
      staked: 500n,
      bets: 6,
    }));
    // Inserted against the expected order, so a ladder that lost its tie-break would not pass by the rows' order.
    for (const standing of [...standings].sort((a, b) => (a.playerId < b.playerId ? 1 : -1))) {
      await app.db.insert(gameSeasonPlayers).values({
        seasonId: season.id,
        userId: playerOf(standing.playerId).id,
        currency: 'OJO',
        tier: standing.tier,
        staked: standing.staked,
        result: standing.result,
        bets: standing.bets,
      });
    }
    // With the table's statistics the planner reads these few rows in that order rather than by the ladder's
    // index, whose last column is the reference too: the order must then come from the query's own tie-break.
    await queryRows(app.db, sql`analyze game_season_players`);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores each player season reference exactly as the domain computes it', async () => {
    const rows = await app.db
      .select({ userId: gameSeasonPlayers.userId, playerRef: gameSeasonPlayers.playerRef })
      .from(gameSeasonPlayers)
      .where(eq(gameSeasonPlayers.seasonId, season.id));
    expect(rows).toHaveLength(players.length);
    for (const row of rows) expect(row.playerRef).toBe(seasonPlayerRef(season.id, row.userId));
  });

  it('ranks players who tie on tier, result and stakes as the domain ladder does, by season reference', async () => {
    const expected = rankLadder(standings);
    const tied = expected
      .filter((standing) => standing.result === 100n)
      .map((standing) => playerOf(standing.playerId).id);
    // The tie-break must decide something: neither the ids' order nor its reverse is the reference order.
    expect(tied).not.toEqual([...tied].sort());
    expect(tied).not.toEqual([...tied].sort().reverse());

    const response = await app.inject({
      method: 'GET',
      url: `${routePath(getLaddersRoute)}?businessType=ojo&limit=100`,
      headers: saasHeaders,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page.total).toBe(players.length);
    expect(
      page.entries.map((entry: { rank: number; rankInTier: number; player: { handle: string | null } }) => ({
        rank: entry.rank,
        rankInTier: entry.rankInTier,
        handle: entry.player.handle,
      })),
    ).toEqual(
      expected.map((standing) => ({
        rank: standing.rank,
        rankInTier: standing.rankInTier,
        handle: playerOf(standing.playerId).handle,
      })),
    );

    // A page cut inside the tie keeps the same order.
    const second = await app.inject({
      method: 'GET',
      url: `${routePath(getLaddersRoute)}?businessType=ojo&offset=2&limit=3`,
      headers: saasHeaders,
    });
    expect(second.json().data.entries.map((entry: { rank: number }) => entry.rank)).toEqual([3, 4, 5]);
  });

  it("names each player by handle and avatar, null for a player without a profile, and in the player's own row", async () => {
    const anonymous = players[3]!;
    const named = players[0]!;
    const ladder = async (player: User) =>
      (
        await app.inject({
          method: 'GET',
          url: `${routePath(getLaddersRoute)}?businessType=ojo&limit=100`,
          headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(player.id) },
        })
      ).json().data;

    const page = await ladder(named);
    const entryOf = (rank: number) => page.entries.find((entry: { rank: number }) => entry.rank === rank);
    const rankOf = (player: User) => rankLadder(standings).find((s) => s.playerId === ref(player))!.rank;
    expect(entryOf(rankOf(named)).player).toEqual({
      handle: 'player-1',
      avatar: 'https://avatars.test/1.png',
    });
    expect(entryOf(rankOf(anonymous)).player).toEqual({ handle: null, avatar: null });
    expect(page.me).toMatchObject({
      rank: rankOf(named),
      player: { handle: 'player-1', avatar: 'https://avatars.test/1.png' },
    });
    expect((await ladder(anonymous)).me).toMatchObject({ rank: rankOf(anonymous), player: { handle: null } });

    // The player's standing agrees with the ladder's rank.
    const current = await app.inject({
      method: 'GET',
      url: routePath(getRewardCurrentRoute, { a: 'ojo', b: season.id }),
      headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(anonymous.id) },
    });
    expect(current.json().data).toMatchObject({ rank: rankOf(anonymous), rankInTier: rankOf(anonymous) });
  });
});
