import { type Database, queryRows, type Transaction } from '@ojo/db/client';
import { referrals } from '@ojo/db/schema/referrals';
import { and, count, eq, isNotNull, sql } from '@ojo/db/sql';

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Which of `userIds` were referred and do not count yet (one statement, the ids as one array). */
export async function pendingRefereesAmong(
  db: Database | Transaction,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<{ referee_id: string }>(
    db,
    sql`select ${referrals.refereeId}::text as referee_id from ${referrals}
        where ${referrals.refereeId} = any(${uuidArray(userIds)}) and ${referrals.countedAt} is null`,
  );
  return rows.map((row) => row.referee_id);
}

/**
 * Counts the referrals of these referees in their referrers' REFERRED (and the KyuTrainer badges' progress) from
 * now on. The caller decides they really played (modules/rewards). Each referral counts once: a second call changes
 * nothing. Answers how many were counted now.
 */
export async function countReferralsOf(
  db: Database | Transaction,
  refereeIds: readonly string[],
): Promise<number> {
  if (refereeIds.length === 0) return 0;
  const counted = await queryRows<{ id: string }>(
    db,
    sql`update ${referrals} set counted_at = now()
        where ${referrals.refereeId} = any(${uuidArray(refereeIds)}) and ${referrals.countedAt} is null
        returning ${referrals.id}::text as id`,
  );
  return counted.length;
}

/** How many of a player's referrals count (their referees really played): other modules ask here (the badges' progress). */
export async function countedReferralsOf(db: Database | Transaction, referrerId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), isNotNull(referrals.countedAt)));
  return Number(row?.total ?? 0);
}
