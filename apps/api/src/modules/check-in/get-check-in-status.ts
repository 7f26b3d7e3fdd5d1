import type { CheckInStatusResult } from '@ojo/api-contract/check-in';
import type { Database, Transaction } from '@ojo/db/client';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedRead } from '@ojo/db/prepared';
import { type CheckIn, checkInRewards, checkInRules, checkIns } from '@ojo/db/schema/check-ins';
import { sessions } from '@ojo/db/schema/sessions';
import { users } from '@ojo/db/schema/users';
import { and, desc, eq, lte, sql } from '@ojo/db/sql';
import type { AssetType } from '@ojo/domain/enums';
import { checkedDaysOf, ladderDayFor, nextUtcDayStartMs, utcDayOf } from '@ojo/domain/tasks/check-in-streak';
import { type CheckInPlan, checkInPlanOf, latestCheckIn, readCheckInPlan } from './check-in-plan';

/**
 * spec 3 Check-in status of a player on a UTC day, from the plan and the latest check-in on or before it: done
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
 * GET /v2/tasks/checkin/status, and the status of task 411010 (spec 9) for the task list: `checkIn` is whether
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

/** A rung of the ladder as the one-row read aggregates it (JSON: the amount as text). */
interface RungJson {
  day: number;
  asset: AssetType;
  amount: string;
}

/**
 * The check-in status read in one statement and one row: the caller's open session and user, the rules, the ladder
 * (in day order, one JSON array) and the latest check-in on or before the placeholder `day`. No row when the session
 * is not open; null rules and an empty ladder when the operator set none. One row rather than one per ladder day
 * with the user's columns repeated (`npm run bench:api`).
 */
const selectSessionCheckInStatus = preparedRead('session_check_in_status', (db, name) => {
  const latest = db
    .select({
      day: checkIns.day,
      ladderDay: checkIns.ladderDay,
      asset: checkIns.asset,
      amount: checkIns.amount,
    })
    .from(checkIns)
    .where(and(eq(checkIns.userId, sql.placeholder('userId')), lte(checkIns.day, sql.placeholder('day'))))
    .orderBy(desc(checkIns.day))
    .limit(1)
    .as('latest_check_in');
  return db
    .select({
      ...sessionUserColumns,
      rules: { missedDay: checkInRules.missedDay, afterLastDay: checkInRules.afterLastDay },
      ladder: sql<RungJson[]>`(
        select coalesce(json_agg(json_build_object(
          'day', ${checkInRewards.day}, 'asset', ${checkInRewards.asset}, 'amount', ${checkInRewards.amount}::text
        ) order by ${checkInRewards.day}), '[]'::json)
        from ${checkInRewards}
      )`,
      latest: { day: latest.day, ladderDay: latest.ladderDay, asset: latest.asset, amount: latest.amount },
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .leftJoin(checkInRules, sql`true`)
    .leftJoin(latest, sql`true`)
    .where(openSessionCondition())
    .prepare(name);
});

/**
 * GET /v2/tasks/checkin/status of the caller, checking the session in the same statement (a hot read): `accept`
 * takes the session row (and refuses an ended session) before the plan is looked at.
 */
export async function readSessionCheckInStatus(
  db: Database,
  session: OpenSessionValues,
  accept: AcceptSession,
): Promise<CheckInStatusResult> {
  const day = utcDayOf(session.now.getTime());
  const [row] = await selectSessionCheckInStatus(db, { ...session, day });
  accept(row);
  const ladder = (row?.ladder ?? []).map((rung) => ({ ...rung, amount: BigInt(rung.amount) }));
  return checkInStatusOf(checkInPlanOf(ladder, row?.rules), row?.latest ?? undefined, day);
}
