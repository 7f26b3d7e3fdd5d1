import { getBattleProgressRoute, placeBetRoute, routePath } from '@ojo/api-contract/game/http';
import { badgeClaims } from '@ojo/db/schema/badges';
import { referrals } from '@ojo/db/schema/referrals';
import type { User } from '@ojo/db/schema/users';
import { and, eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newUid } from '../../../src/modules/badge/check-badges';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** KyuTrainer I: allow type FCFS, a supply of 1,000, for 3 referrals (migration 0019's row). */
const KYU_TRAINER_I = 8001;

/**
 * docs/economy.md: first-come badges (FCFS, a limited supply) go only to players with real activity, a check-in and a
 * bet in a round whose betting closed; three scripted referrals alone won KyuTrainer I before.
 */
describeWithDatabases('first-come badges wait for the claimant’s real activity', ({ database }) => {
  let app: TestApp;
  let nowMs = Math.floor(Date.parse('2026-11-24T08:00:00Z') / 250) * 250;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '1000' }, { clock: () => nowMs }));
  });
  afterAll(async () => {
    await app?.close();
  });

  let accounts = 0;
  const playerWithReferrals = async (count: number) => {
    accounts += 1;
    const player = await insertUser(app.db, {
      smartAccountAddress: `0x${accounts.toString(16).padStart(40, 'a')}`,
    });
    for (let index = 0; index < count; index += 1) {
      const referee = await insertUser(app.db);
      await app.db.insert(referrals).values({
        referrerId: player.id,
        refereeId: referee.id,
        referralCode: player.referralCode,
        sourceType: 'WEB',
        countedAt: new Date(nowMs),
      });
    }
    return player;
  };
  const headersOf = async (player: User) => ({
    ...saasHeaders,
    jwt_token: await app.issueSessionToken(player.id),
  });
  const checkBadges = async (player: User) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/check/badge',
      headers: await headersOf(player),
      payload: { limitType: 'LIMIT' },
    });
    expect(response.statusCode).toBe(200);
  };
  const kyuTrainerClaim = async (player: User) =>
    (
      await app.db
        .select()
        .from(badgeClaims)
        .where(and(eq(badgeClaims.userId, player.id), eq(badgeClaims.badgeId, KYU_TRAINER_I)))
    )[0];
  /** A check-in (10 FishXP) and a 10 FishXP bet in a round whose betting then closes. */
  const reallyPlay = async (player: User) => {
    const headers = await headersOf(player);
    expect((await app.inject({ method: 'POST', url: '/v2/tasks/checkin', headers })).statusCode).toBe(200);
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
        currency: 'POINT',
        track: round.terms.tracks[0],
        amount: '10',
        clientBetId: `kyu-${player.id}`,
      },
    });
    expect(bet.statusCode).toBe(200);
    nowMs = round.terms.timeline.closesAtMs;
    await app.game.tick();
  };

  it('does not give KyuTrainer I for three referrals alone, and gives it after a check-in and a closed-round bet', async () => {
    const scripted = await playerWithReferrals(3);
    await checkBadges(scripted);
    expect(await kyuTrainerClaim(scripted)).toBeUndefined();

    await reallyPlay(scripted);
    await checkBadges(scripted);
    expect(await kyuTrainerClaim(scripted)).toMatchObject({ status: 'claimable' });
  });

  it('refuses to sign a first-come claim made before the rule for a player without the activity', async () => {
    const earlier = await playerWithReferrals(3);
    await app.db.insert(badgeClaims).values({
      userId: earlier.id,
      badgeId: KYU_TRAINER_I,
      address: earlier.smartAccountAddress!,
      uid: newUid(),
    });
    const claim = await app.inject({
      method: 'POST',
      url: `/wallets/claim/tokens/${KYU_TRAINER_I}`,
      headers: await headersOf(earlier),
      payload: {},
    });
    expect(claim.statusCode).toBe(403);
    expect(claim.json()).toMatchObject({ success: false, code: 'BADGE_ACTIVITY_REQUIRED' });
    expect((await kyuTrainerClaim(earlier))?.signature).toBeNull();
  });
});
