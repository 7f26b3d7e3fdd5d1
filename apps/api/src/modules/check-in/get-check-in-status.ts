import type { CheckInStatusResult } from '@ojo/api-contract/check-in';
import type { Database, Transaction } from '@ojo/db/client';
import type { CheckIn } from '@ojo/db/schema/check-ins';
import type { AssetType } from '@ojo/domain/enums';
import { checkedDaysOf, ladderDayFor, nextUtcDayStartMs, utcDayOf } from '@ojo/domain/tasks/check-in-streak';
import { type CheckInPlan, latestCheckIn, readCheckInPlan } from './check-in-plan';

/**
 * product.md 3 Check-in status of a player on a UTC day, from the plan and the latest check-in on or before it: done
 * today or not, the streak's checked days, the ladder, and today's reward (what today's check-in earned, or will).
 */
export function checkInStatusOf(
  plan: CheckInPlan,
  latest: Pick<CheckIn, 'day' | 'ladderDay' | 'asset' | 'amount'> | undefined,
  day: string,
): CheckInStatusResult {
  const previous = latest ? { day: latest.day, ladderDay: latest.ladderDay } : null;
  const length = plan.ladder.length;
  const isDone = latest?.day === day;
  const next = plan.ladder[ladderDayFor(previous, day, length, plan.rules) - 1];
  const todayReward = isDone
    ? { amount: latest.amount, asset: latest.asset as AssetType }
    : { amount: next?.amount ?? 0n, asset: next?.asset ?? 'POINT' };
  return {
    checkIn: isDone,
    checkInDays: checkedDaysOf(previous, day, length, plan.rules),
    checkInReward: plan.ladder.map((rung) => ({
      index: rung.index,
      amount: rung.amount.toString(),
      rewardType: rung.asset,
    })),
    todayReward: todayReward.amount.toString(),
    todayRewardType: todayReward.asset,
    day,
    nextDayStartsAt: nextUtcDayStartMs(day),
    missedDay: plan.rules.missedDay,
    afterLastDay: plan.rules.afterLastDay,
  };
}

/**
 * GET /v2/tasks/checkin/status, and the status of task 411010 (product.md 9) for the task list: `checkIn` is whether
 * the player checked in on the UTC day of `nowMs`.
 */
export async function getCheckInStatus(
  db: Database | Transaction,
  userId: string,
  nowMs: number,
): Promise<CheckInStatusResult> {
  const day = utcDayOf(nowMs);
  const [plan, latest] = await Promise.all([readCheckInPlan(db), latestCheckIn(db, userId, day)]);
  return checkInStatusOf(plan, latest, day);
}
