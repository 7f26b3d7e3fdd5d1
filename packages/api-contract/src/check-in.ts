import { AFTER_LAST_DAY_RULES, MISSED_DAY_RULES } from '@ojo/domain/tasks/check-in-streak';
import { z } from 'zod';
import { MAX } from './bounds';
import { assetAmount, assetType } from './member';
import { defineRoute } from './route';

/**
 * The daily check-in calls of product.md 7 (quest host, `{success, code, msgKey, obj}`), task 411010 (product.md 9). A day is a
 * UTC day; the ladder and the streak rules are data, sent with the status so the screen can show them.
 */

/** One day of the ladder (product.md 3 'checkInReward (list of index, amount)'); `rewardType` says in which asset. */
export const checkInRewardDay = z
  .object({ index: z.number().int().min(1), amount: assetAmount, rewardType: assetType })
  .meta({ id: 'CheckInRewardDay' });

/**
 * product.md 3 'Check-in status: checkIn (done today), checkInDays, checkInReward (list of index, amount), todayReward,
 * todayRewardType (POINT or OJO).' Ours besides: `day` (today's UTC day, 'YYYY-MM-DD'), `nextDayStartsAt` (ms,
 * midnight UTC after it), and the rules `missedDay` (reset: a missed day starts the streak again at day 1; keep: it
 * goes on) and `afterLastDay` (restart at day 1, or repeat_last).
 */
export const checkInStatus = z
  .object({
    checkIn: z.boolean(),
    checkInDays: z.number().int().min(0),
    checkInReward: z.array(checkInRewardDay).max(MAX.list),
    /** Today's reward: what today's check-in earned, or will earn. */
    todayReward: assetAmount,
    todayRewardType: assetType,
    day: z
      .string()
      .max(MAX.key)
      .regex(/^\d{4}-\d{2}-\d{2}$/),
    nextDayStartsAt: z.number().int(),
    missedDay: z.enum(MISSED_DAY_RULES),
    afterLastDay: z.enum(AFTER_LAST_DAY_RULES),
  })
  .meta({ id: 'CheckInStatus' });
export type CheckInStatusResult = z.infer<typeof checkInStatus>;

export const checkInStatusRoute = defineRoute({
  method: 'GET',
  path: '/v2/tasks/checkin/status',
  host: 'quest',
  secure: true,
  summary: "The session player's check-in of today (UTC), streak, and the reward ladder with its rules",
  tags: ['check-in'],
  result: checkInStatus,
  errorStatuses: [503],
});

/**
 * POST /v2/tasks/checkin (product.md 7 'response success'): checks the player in for today (UTC) and credits today's
 * reward once. Checking in again the same day succeeds with `awarded: false` and credits nothing.
 */
export const checkInResult = checkInStatus.extend({ awarded: z.boolean() }).meta({ id: 'CheckInResult' });
export type CheckInResult = z.infer<typeof checkInResult>;

export const checkInRoute = defineRoute({
  method: 'POST',
  path: '/v2/tasks/checkin',
  host: 'quest',
  secure: true,
  summary: "Checks the session player in for today (UTC); today's reward is credited once",
  tags: ['check-in'],
  result: checkInResult,
  errorStatuses: [503],
});
