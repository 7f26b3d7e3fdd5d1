import { type Database, queryRows, type Transaction } from '@ojo/db/client';
import { sql } from '@ojo/db/sql';
import { checkedInAmong } from '../check-in/checked-in';
import { realBetsOf } from '../game/real-bets';
import { countReferralsOf, pendingRefereesAmong } from '../referral/count-referrals';

/**
 * A player's real activity (docs/economy.md 'a referral counts after the referee's real activity'): a check-in and a
 * bet in a round whose betting closed and that was not voided. A referral counts, and a first-come badge is given,
 * only after it: accounts and profiles cost nothing and a script makes a thousand.
 */
export async function hasRealActivity(db: Database | Transaction, userId: string): Promise<boolean> {
  if ((await checkedInAmong(db, [userId])).length === 0) return false;
  return (await realBetsOf(db, userId)).rounds > 0;
}

/**
 * Serialises the activity checks of these players until the transaction ends (ids sorted: two holders never wait
 * on each other), so a check-in and a settlement that commit at the same moment cannot both miss the other.
 */
async function lockActivity(tx: Transaction, userIds: readonly string[]): Promise<void> {
  for (const userId of [...userIds].sort())
    await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`activity:${userId}`}))`);
}

/** In the check-in's transaction: the referral of this player counts now if they already bet in a closed round. */
export async function countReferralAfterCheckIn(tx: Transaction, userId: string): Promise<void> {
  if ((await pendingRefereesAmong(tx, [userId])).length === 0) return;
  await lockActivity(tx, [userId]);
  if ((await realBetsOf(tx, userId)).rounds > 0) await countReferralsOf(tx, [userId]);
}

/**
 * In the transaction that settles a round that was not voided (its betting closed, its bets stood): the referrals
 * of its players who already checked in count now. Players without a waiting referral cost one statement in all.
 */
export async function countReferralsAfterRound(tx: Transaction, playerIds: readonly string[]): Promise<void> {
  const pending = await pendingRefereesAmong(tx, playerIds);
  if (pending.length === 0) return;
  await lockActivity(tx, pending);
  await countReferralsOf(tx, await checkedInAmong(tx, pending));
}
