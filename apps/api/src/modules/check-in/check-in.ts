import type { CheckInResult } from '@ojo/api-contract/check-in';
import type { Database } from '@ojo/db/client';
import { credit } from '@ojo/db/ledger';
import { checkIns } from '@ojo/db/schema/check-ins';
import { sql } from '@ojo/db/sql';
import { CHECK_IN_TASK_ID } from '@ojo/domain/constants';
import { ladderDayFor, utcDayOf } from '@ojo/domain/tasks/check-in-streak';
import { countReferralAfterCheckIn } from '../rewards/real-activity';
import { latestCheckIn, readCheckInPlan } from './check-in-plan';
import { CHECK_IN_KEY_PREFIX } from './checked-in';
import { checkInStatusOf } from './get-check-in-status';

/** The ledger's idempotency key of a player's check-in of one UTC day: one credit per player and day, ever. */
export function checkInIdempotencyKey(userId: string, day: string): string {
  return `${CHECK_IN_KEY_PREFIX}${userId}:${day}`;
}

/**
 * POST /v2/tasks/checkin: checks the player in for the UTC day of `nowMs`, in one transaction under a per-player
 * lock: today's row exists already (a retry, a second tab, 100 concurrent taps) -> nothing changes; otherwise the
 * ladder day follows from the previous check-in and the rules, the reward is credited through the ledger with
 * the day's idempotency key, and the day's row records it. A check-in is half of a referee's real activity: their
 * referral counts now if they already bet in a closed round (modules/rewards).
 */
export async function checkIn(db: Database, userId: string, nowMs: number): Promise<CheckInResult> {
  const day = utcDayOf(nowMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkin:${userId}`}))`);
    const plan = await readCheckInPlan(tx);
    const latest = await latestCheckIn(tx, userId, day);
    if (latest?.day === day) return { ...checkInStatusOf(plan, latest, day), awarded: false };

    const previous = latest ? { day: latest.day, ladderDay: latest.ladderDay } : null;
    const ladderDay = ladderDayFor(previous, day, plan.ladder.length, plan.rules);
    const reward = plan.ladder[ladderDay - 1]!;
    const paid = await credit(tx, {
      userId,
      asset: reward.asset,
      amount: reward.amount,
      reason: `checkin:${CHECK_IN_TASK_ID}:${day}:day ${ladderDay}`,
      idempotencyKey: checkInIdempotencyKey(userId, day),
    });
    const [row] = await tx
      .insert(checkIns)
      .values({
        userId,
        day,
        ladderDay,
        asset: reward.asset,
        amount: reward.amount,
        ledgerEntryId: paid.entry.id,
      })
      .returning();
    await countReferralAfterCheckIn(tx, userId);
    return { ...checkInStatusOf(plan, row, day), awarded: paid.isNew };
  });
}
