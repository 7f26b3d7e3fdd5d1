import type { Database, Transaction } from '@ojo/db/client';
import { type CheckIn, checkInRewards, checkInRules, checkIns } from '@ojo/db/schema/check-ins';
import { and, asc, desc, eq, lte } from '@ojo/db/sql';
import type { AssetType } from '@ojo/domain/enums';
import { isOneOf } from '@ojo/domain/enums';
import type { CheckInRules } from '@ojo/domain/tasks/check-in-streak';
import { AFTER_LAST_DAY_RULES, MISSED_DAY_RULES } from '@ojo/domain/tasks/check-in-streak';
import { checkInErrors } from './errors';

type Executor = Database | Transaction;

export interface LadderDay {
  /** Position on the ladder, 1-based (product.md 3 checkInReward index). */
  index: number;
  asset: AssetType;
  amount: bigint;
}

/** The operator's data: the ladder in day order and the streak rules. */
export interface CheckInPlan {
  ladder: LadderDay[];
  rules: CheckInRules;
}

/**
 * Reads the ladder and the rules. Positions count the rows in day order, so a day an operator removed leaves no
 * hole. No ladder or no rules is a 503 (the check-in cannot work), never a made-up reward.
 */
export async function readCheckInPlan(db: Executor): Promise<CheckInPlan> {
  const [rows, [rules]] = await Promise.all([
    db.select().from(checkInRewards).orderBy(asc(checkInRewards.day)),
    db.select().from(checkInRules),
  ]);
  return checkInPlanOf(rows, rules);
}

/**
 * The plan of the ladder rows in day order and the rules row: a 503 without either, or with rules this API does not
 * know (the check-in cannot work), never a made-up reward.
 */
export function checkInPlanOf(
  rows: { asset: string; amount: bigint }[],
  rules: { missedDay: string; afterLastDay: string } | undefined | null,
): CheckInPlan {
  if (rows.length === 0 || !rules) throw checkInErrors.unavailable();
  if (!isOneOf(MISSED_DAY_RULES, rules.missedDay) || !isOneOf(AFTER_LAST_DAY_RULES, rules.afterLastDay)) {
    throw checkInErrors.unavailable();
  }
  return {
    ladder: rows.map((row, position) => ({
      index: position + 1,
      asset: row.asset as AssetType,
      amount: row.amount,
    })),
    rules: { missedDay: rules.missedDay, afterLastDay: rules.afterLastDay },
  };
}

/** The player's latest check-in on or before `day` (UTC 'YYYY-MM-DD'). */
export async function latestCheckIn(db: Executor, userId: string, day: string): Promise<CheckIn | undefined> {
  const [row] = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), lte(checkIns.day, day)))
    .orderBy(desc(checkIns.day))
    .limit(1);
  return row;
}
