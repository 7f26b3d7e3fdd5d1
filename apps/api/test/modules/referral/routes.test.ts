import { getBattleProgressRoute, placeBetRoute, routePath } from '@ojo/api-contract/game/http';
import { credit } from '@ojo/db/ledger';
import { referrals } from '@ojo/db/schema/referrals';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { decodeJwt } from 'jose';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countReferralsOf } from '../../../src/modules/referral/count-referrals';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describeWithDatabases(
  'referrals: codes, check, counting a referee once after real activity',
  ({ database }) => {
    let app: TestApp;
    let nowMs = Math.floor(Date.parse('2026-11-23T08:00:00Z') / 250) * 250;

    beforeAll(async () => {
      ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '1000' }, { clock: () => nowMs }));
    });
    afterAll(async () => {
      await app?.close();
    });

    /** Logs `address` in (registering it) with an referral code and source type; answers the session jwt. */
    const register = async (address: Address, inviteCode: string, sourceType?: string) => {
      const { idToken } = await app.identity.issue(address);
      const response = await app.inject({
        method: 'POST',
        url: '/customer/login',
        headers: saasHeaders,
        payload: { idToken, publicKey: address, inviteCode, sourceType },
      });
      expect(response.statusCode).toBe(200);
      return response.json().obj.jwtKey as string;
    };
    /** Counts the referral of the user of `jwt` (what real activity does), answering whether it counted now. */
    const becomeFullUser = async (jwt: string) =>
      (await countReferralsOf(database().db, [decodeJwt(jwt).sub as string])) === 1;
    const userIdOf = (jwt: string) => decodeJwt(jwt).sub as string;
    const checkIn = async (jwt: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/v2/tasks/checkin',
        headers: { ...saasHeaders, jwt_token: jwt },
      });
      expect(response.statusCode).toBe(200);
    };
    const currentRound = async (): Promise<DashRound> =>
      (
        await app.inject({
          method: 'GET',
          url: routePath(getBattleProgressRoute, { id: 'current' }),
          headers: saasHeaders,
        })
      ).json().data.round;
    /**
     * One race on the test's clock: announced, betting opened, each of `bettors` bets 10 FishXP; then `until` says how
     * far it goes: 'open' stops during betting, 'settled' closes betting and settles it (results shown, then over).
     */
    const playRound = async (bettors: string[], until: 'open' | 'settled', round?: DashRound) => {
      let current = round;
      if (!current) {
        await app.game.tick();
        current = await currentRound();
        nowMs = current.terms.timeline.opensAtMs + 100;
        await app.game.tick();
        for (const jwt of bettors) {
          const placed = await app.inject({
            method: 'POST',
            url: routePath(placeBetRoute, { id: current.terms.roundId }),
            headers: { ...saasHeaders, jwt_token: jwt },
            payload: {
              currency: 'POINT',
              track: current.terms.tracks[0],
              amount: '10',
              clientBetId: `bet-${userIdOf(jwt)}`,
            },
          });
          expect(placed.statusCode).toBe(200);
        }
      }
      if (until === 'open') return current;
      const { closesAtMs, raceEndsAtMs, resultsEndAtMs } = current.terms.timeline;
      nowMs = closesAtMs;
      await app.game.tick();
      nowMs = raceEndsAtMs;
      await app.game.tick();
      expect((await currentRound()).outcome?.kind).toBe('settled');
      nowMs = resultsEndAtMs;
      await app.game.tick();
      return current;
    };
    const countedAt = async (jwt: string) =>
      (
        await database()
          .db.select()
          .from(referrals)
          .where(eq(referrals.refereeId, userIdOf(jwt)))
      )[0]?.countedAt;
    const referralInfo = async (jwt: string) => {
      const response = await app.inject({
        method: 'GET',
        url: '/customer/invite',
        headers: { ...saasHeaders, jwt_token: jwt },
      });
      expect(response.statusCode).toBe(200);
      return response.json().obj;
    };

    it('counts a referee once, per source type, unknown types as web', async () => {
      const referrerAddress = newAddress();
      const referrerJwt = await register(referrerAddress, '');
      const referrer = await referralInfo(referrerJwt);
      expect(referrer).toEqual({
        inviteCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
        selectedInviteCode: null,
        defaultInviteCode: null,
        invitedMap: {},
      });
      const code: string = referrer.inviteCode;

      const dashPlayer = newAddress();
      const dashJwt = await register(dashPlayer, code, 'DOJO_DASH');
      // The same player retrying the login (or with another source type) is not a second referral.
      await register(dashPlayer, code, 'DOJO_DASH');
      await register(dashPlayer, code, 'web');
      expect(await referralInfo(dashJwt)).toMatchObject({
        selectedInviteCode: code,
        defaultInviteCode: code,
      });
      // Registered, without real activity: a free account, not counted yet.
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({});
      expect(await becomeFullUser(dashJwt)).toBe(true);
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({ DOJO_DASH: { count: 1 } });
      // Idempotent: counting again counts nothing more.
      expect(await becomeFullUser(dashJwt)).toBe(false);
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({ DOJO_DASH: { count: 1 } });

      const other = await register(newAddress(), code, 'SOMETHING_ELSE');
      const lowerCase = await register(newAddress(), code.toLowerCase());
      await register(newAddress(), code, 'web');
      await becomeFullUser(other);
      await becomeFullUser(lowerCase);
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({
        DOJO_DASH: { count: 1 },
        web: { count: 2 },
      });

      // The referrer logging in again with its own code, and a stranger with an unknown code, count nothing.
      await register(referrerAddress, code, 'web');
      const stranger = newAddress();
      const strangerJwt = await register(stranger, 'ZZZZZ9', 'web');
      expect(await becomeFullUser(referrerJwt)).toBe(false);
      expect(await becomeFullUser(strangerJwt)).toBe(false);
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({
        DOJO_DASH: { count: 1 },
        web: { count: 2 },
      });
      expect((await referralInfo(strangerJwt)).selectedInviteCode).toBeNull();
    });

    it('counts a referee after a check-in and a bet in a round whose betting closed, once, not before', async () => {
      const referrerJwt = await register(newAddress(), '');
      const { inviteCode } = await referralInfo(referrerJwt);
      const refereeJwt = await register(newAddress(), inviteCode, 'web');
      const notCounted = async () => {
        expect((await referralInfo(referrerJwt)).invitedMap).toEqual({});
        expect(await countedAt(refereeJwt)).toBeNull();
      };
      await notCounted();
      // A check-in alone (it pays the 10 FishXP the bet takes) does not count.
      await checkIn(refereeJwt);
      await notCounted();
      // Nor a bet while betting is open.
      const round = await playRound([refereeJwt], 'open');
      await notCounted();
      // Betting closed and the round stood: now it counts.
      await playRound([refereeJwt], 'settled', round);
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({ web: { count: 1 } });
      const first = await countedAt(refereeJwt);
      expect(first).toBeInstanceOf(Date);

      // More activity counts nothing more, and the referral keeps the moment it first counted.
      nowMs += 86_400_000;
      await checkIn(refereeJwt);
      await playRound([refereeJwt], 'settled');
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({ web: { count: 1 } });
      expect(await countedAt(refereeJwt)).toEqual(first);
    });

    it('counts a referee who bet first at their first check-in; a bettor who never checks in never counts', async () => {
      const referrerJwt = await register(newAddress(), '');
      const { inviteCode } = await referralInfo(referrerJwt);
      const [betFirst, neverChecksIn] = [
        await register(newAddress(), inviteCode, 'web'),
        await register(newAddress(), inviteCode, 'DOJO_DASH'),
      ];
      for (const jwt of [betFirst, neverChecksIn])
        await credit(database().db, {
          userId: userIdOf(jwt),
          asset: 'POINT',
          amount: 10n,
          reason: 'test',
          idempotencyKey: `test:stake:${userIdOf(jwt)}`,
        });
      await playRound([betFirst, neverChecksIn], 'settled');
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({});
      await checkIn(betFirst);
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({ web: { count: 1 } });
      expect(await countedAt(neverChecksIn)).toBeNull();
    });

    it('two concurrent first logins of one referee count once', async () => {
      const referrerJwt = await register(newAddress(), '');
      const { inviteCode } = await referralInfo(referrerJwt);
      const referee = newAddress();
      const [jwt] = await Promise.all([
        register(referee, inviteCode, 'web'),
        register(referee, inviteCode, 'web'),
      ]);
      await becomeFullUser(jwt);
      expect((await referralInfo(referrerJwt)).invitedMap).toEqual({ web: { count: 1 } });
    });

    it('checks referral codes: existing true, unknown or malformed success false with msgKey "invalid code"', async () => {
      const owner = await insertUser(database().db, { referralCode: 'CHK123' });
      const check = (inviteCode: string) =>
        app.inject({
          method: 'GET',
          url: `/customer/invite/code/check?inviteCode=${encodeURIComponent(inviteCode)}`,
          headers: saasHeaders,
        });
      const ok = await check(owner.referralCode);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true, code: '0', msgKey: 'success', obj: true });
      for (const bad of ['NOPE99', 'ab_!!', '', 'TOOLONGCODE']) {
        const response = await check(bad);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ success: false, msgKey: 'invalid code', obj: false });
      }
    });

    it('refuses GET /customer/invite without a session', async () => {
      const response = await app.inject({ method: 'GET', url: '/customer/invite', headers: saasHeaders });
      expect(response.statusCode).toBe(401);
    });
  },
);
