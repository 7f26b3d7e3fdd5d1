import { findLedgerDiscrepancies, getBalances } from '@ojo/db/ledger';
import { checkInRewards, checkInRules } from '@ojo/db/schema/check-ins';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import type { User } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCheckInStatus } from '../../../src/modules/check-in/get-check-in-status';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const at = (iso: string) => Date.parse(iso);

describeWithDatabases(
  'daily check-in: UTC days, one reward per day, streak rules as data',
  ({ database }) => {
    let app: TestApp;
    let nowMs = at('2026-11-22T10:00:00Z');

    beforeAll(async () => {
      ({ app } = await buildTestApp(database(), {}, { clock: () => nowMs }));
    });
    afterAll(async () => {
      await app?.close();
    });

    const headersOf = async (player: User) => ({
      ...saasHeaders,
      jwt_token: await app.issueSessionToken(player.id),
    });
    const status = async (player: User) => {
      const response = await app.inject({
        method: 'GET',
        url: '/v2/tasks/checkin/status',
        headers: await headersOf(player),
      });
      expect(response.statusCode).toBe(200);
      return response.json().obj;
    };
    const checkIn = async (player: User) => {
      const response = await app.inject({
        method: 'POST',
        url: '/v2/tasks/checkin',
        headers: await headersOf(player),
      });
      return response;
    };

    it('shows the ladder from the data, and day 1 as today for a new player', async () => {
      const player = await insertUser(database().db);
      expect(await status(player)).toEqual({
        checkIn: false,
        checkInDays: 0,
        checkInReward: [
          { index: 1, amount: '10', rewardType: 'POINT' },
          { index: 2, amount: '20', rewardType: 'POINT' },
          { index: 3, amount: '30', rewardType: 'POINT' },
          { index: 4, amount: '40', rewardType: 'POINT' },
          { index: 5, amount: '50', rewardType: 'POINT' },
          { index: 6, amount: '60', rewardType: 'POINT' },
          { index: 7, amount: '100', rewardType: 'POINT' },
        ],
        todayReward: '10',
        todayRewardType: 'POINT',
        day: '2026-11-22',
        nextDayStartsAt: at('2026-11-23T00:00:00Z'),
        missedDay: 'reset',
        afterLastDay: 'restart',
      });
    });

    it('awards 100 concurrent check-ins of one player on one day once', async () => {
      const player = await insertUser(database().db);
      const headers = await headersOf(player);
      const responses = await Promise.all(
        Array.from({ length: 100 }, () => app.inject({ method: 'POST', url: '/v2/tasks/checkin', headers })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(200));
      const bodies = responses.map((response) => response.json());
      expect(bodies.every((body) => body.success && body.obj.checkIn)).toBe(true);
      expect(bodies.filter((body) => body.obj.awarded)).toHaveLength(1);
      const entries = await database()
        .db.select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, player.id));
      expect(entries.map((entry) => [entry.idempotencyKey, entry.amount])).toEqual([
        [`checkin:${player.id}:2026-11-22`, 10n],
      ]);
      expect(await getBalances(database().db, player.id)).toEqual({ POINT: 10n });
      expect(await status(player)).toMatchObject({ checkIn: true, checkInDays: 1, todayReward: '10' });
      expect(await findLedgerDiscrepancies(database().db)).toEqual([]);
    });

    it('starts a new day at midnight UTC and follows the missed-day rule the data sets', async () => {
      const { db } = database();
      const player = await insertUser(db);
      nowMs = at('2026-11-22T23:59:59Z');
      expect((await checkIn(player)).json().obj).toMatchObject({
        awarded: true,
        checkInDays: 1,
        todayReward: '10',
      });
      nowMs = at('2026-11-23T00:00:00Z');
      expect(await status(player)).toMatchObject({ checkIn: false, checkInDays: 1, todayReward: '20' });
      expect((await checkIn(player)).json().obj).toMatchObject({
        awarded: true,
        checkInDays: 2,
        todayReward: '20',
      });
      // 24 November missed; the rule is 'reset': the streak starts again at day 1.
      nowMs = at('2026-11-25T08:00:00Z');
      expect(await status(player)).toMatchObject({ checkIn: false, checkInDays: 0, todayReward: '10' });
      expect((await checkIn(player)).json().obj).toMatchObject({ checkInDays: 1, todayReward: '10' });

      // An operator changes the rule to 'keep': a missed day no longer breaks the streak.
      await db.update(checkInRules).set({ missedDay: 'keep' });
      try {
        nowMs = at('2026-11-27T08:00:00Z');
        expect(await status(player)).toMatchObject({ missedDay: 'keep', checkInDays: 1, todayReward: '20' });
        expect((await checkIn(player)).json().obj).toMatchObject({ checkInDays: 2, todayReward: '20' });
      } finally {
        await db.update(checkInRules).set({ missedDay: 'reset' });
      }
      expect(await getBalances(db, player.id)).toEqual({ POINT: 60n });
    });

    it('pays day 7 in FishXP (free rewards are not cash), then restarts at day 1, and shows ladder changes', async () => {
      const { db } = database();
      const player = await insertUser(db);
      for (let day = 1; day <= 8; day += 1) {
        nowMs = at(`2026-12-${String(day).padStart(2, '0')}T12:00:00Z`);
        await checkIn(player);
      }
      // Days 1 to 6 pay 10 to 60 FishXP, day 7 pays 100 FishXP, day 8 starts again at 10: no OJO at all.
      expect(await getBalances(db, player.id)).toEqual({ POINT: 320n });
      expect(await status(player)).toMatchObject({ checkIn: true, checkInDays: 1, todayReward: '10' });
      // Today's status for the task list (task 411010) reads the same.
      expect(await getCheckInStatus(db, player.id, nowMs)).toMatchObject({ checkIn: true, checkInDays: 1 });

      await db.update(checkInRewards).set({ amount: 25n }).where(eq(checkInRewards.day, 2));
      try {
        nowMs = at('2026-12-09T12:00:00Z');
        expect(await status(player)).toMatchObject({ todayReward: '25', todayRewardType: 'POINT' });
        expect((await checkIn(player)).json().obj).toMatchObject({ awarded: true, todayReward: '25' });
      } finally {
        await db.update(checkInRewards).set({ amount: 20n }).where(eq(checkInRewards.day, 2));
      }
    });

    it('answers 503 with the check-in failure when the ladder is missing, changing nothing', async () => {
      const { db } = database();
      const player = await insertUser(db);
      const saved = await db.select().from(checkInRewards);
      await db.delete(checkInRewards);
      try {
        const response = await checkIn(player);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          success: false,
          code: 'CHECKIN_UNAVAILABLE',
          msgKey: 'checkin.unavailable',
          message: 'Check in failed. Please try again.',
        });
        expect(await getBalances(db, player.id)).toEqual({});
      } finally {
        await db.insert(checkInRewards).values(saved);
      }
    });

    it('refuses a check-in without a session', async () => {
      const response = await app.inject({ method: 'POST', url: '/v2/tasks/checkin', headers: saasHeaders });
      expect(response.statusCode).toBe(401);
    });
  },
);
