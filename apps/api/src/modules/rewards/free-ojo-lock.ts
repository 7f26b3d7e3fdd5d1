import type { Database, Transaction } from '@ojo/db/client';
import { creditedUnderKeys, getBalance } from '@ojo/db/ledger';
import { users } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { type FreeOjoLock, freeOjoLockOf, freeOjoLockText } from '@ojo/domain/rewards/free-ojo';
import { CHECK_IN_KEY_PREFIX } from '../check-in/checked-in';
import { realBetsOf } from '../game/real-bets';
import { TASK_REWARD_KEY_PREFIX } from '../tasks/record-progress';
import type { FreeRewardsConfig } from './config';
import { freeRewardErrors } from './errors';

type Executor = Database | Transaction;

/**
 * The free sources of OJO, by the ledger keys of their rewards: the daily check-in and the tasks. Purchases, race
 * payouts and refunds and season prizes are paid for (by the player, or by other players' stakes) and are not here.
 */
export const FREE_OJO_KEY_PREFIXES = [CHECK_IN_KEY_PREFIX, TASK_REWARD_KEY_PREFIX] as const;

/** The player's free OJO lock at `nowMs`: how much cannot be redeemed and which conditions are missing. */
export async function readFreeOjoLock(
  db: Executor,
  rules: FreeRewardsConfig,
  userId: string,
  nowMs: number,
): Promise<FreeOjoLock> {
  const [freeCredited, balance, [user], bets] = await Promise.all([
    creditedUnderKeys(db, userId, 'OJO', FREE_OJO_KEY_PREFIXES),
    getBalance(db, userId, 'OJO'),
    db.select({ handle: users.handle, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    realBetsOf(db, userId),
  ]);
  return freeOjoLockOf(
    {
      freeCredited,
      balance,
      hasProfile: Boolean(user?.handle),
      accountCreatedAtMs: user?.createdAt.getTime() ?? nowMs,
      ojoBet: bets.ojo,
      nowMs,
    },
    rules,
  );
}

/** OJO of the player that came from free sources and is still locked (0 once unlocked). */
export async function lockedFreeOjo(
  db: Executor,
  rules: FreeRewardsConfig,
  userId: string,
  nowMs: number,
): Promise<bigint> {
  return (await readFreeOjoLock(db, rules, userId, nowMs)).locked;
}

/**
 * The redemption check of free OJO, in the redemption's transaction under the player's OJO balance lock: refuses
 * (422 FREE_OJO_LOCKED, saying what is missing) a redemption of `amount` that would take locked OJO, that is more
 * than `redeemable` (the balance the other limits allow) less the locked OJO.
 */
export async function refuseLockedFreeOjo(
  tx: Transaction,
  rules: FreeRewardsConfig,
  request: { userId: string; amount: bigint; redeemable: bigint; nowMs: number },
): Promise<void> {
  const lock = await readFreeOjoLock(tx, rules, request.userId, request.nowMs);
  if (lock.locked > 0n && request.amount > request.redeemable - lock.locked)
    throw freeRewardErrors.freeOjoLocked(freeOjoLockText(lock) ?? '');
}
