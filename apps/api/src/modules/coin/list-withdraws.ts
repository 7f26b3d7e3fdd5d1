import type { WithdrawItem } from '@ojo/api-contract/coin';
import type { Database } from '@ojo/db/client';
import { coinWithdraws } from '@ojo/db/schema/coin';
import { and, desc, eq, gte, inArray } from '@ojo/db/sql';
import { toWithdrawItem } from './withdraw-state';

/** GET /coin/withdraws/list: the player's redemptions since startTime, newest first, optionally of one status. */
export async function listWithdraws(
  db: Database,
  userId: string,
  query: { status?: WithdrawItem['status']; startTime: number; from: number; limit: number },
): Promise<WithdrawItem[]> {
  const rows = await db
    .select()
    .from(coinWithdraws)
    .where(
      and(
        eq(coinWithdraws.userId, userId),
        gte(coinWithdraws.createdAt, new Date(query.startTime)),
        query.status ? eq(coinWithdraws.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(coinWithdraws.createdAt), desc(coinWithdraws.id))
    .offset(query.from)
    .limit(query.limit);
  return rows.map(toWithdrawItem);
}

/** POST /coin/withdraw/ids: the player's own redemptions among `ids` (others' ids answer nothing). */
export async function withdrawsByIds(db: Database, userId: string, ids: string[]): Promise<WithdrawItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(coinWithdraws)
    .where(
      and(
        eq(coinWithdraws.userId, userId),
        inArray(
          coinWithdraws.id,
          ids.map((id) => BigInt(id)),
        ),
      ),
    )
    .orderBy(desc(coinWithdraws.createdAt), desc(coinWithdraws.id));
  return rows.map(toWithdrawItem);
}
