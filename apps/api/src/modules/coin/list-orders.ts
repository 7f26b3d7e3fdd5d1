import type { CoinHistoryItem } from '@ojo/api-contract/coin';
import type { Database } from '@ojo/db/client';
import { coinOrders } from '@ojo/db/schema/coin';
import { desc, eq } from '@ojo/db/sql';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';

/** GET /coin/histories: the player's orders, newest first, offset paging. */
export async function listOrders(
  db: Database,
  userId: string,
  page: { from: number; limit: number },
): Promise<{ histories: CoinHistoryItem[] }> {
  const rows = await db
    .select()
    .from(coinOrders)
    .where(eq(coinOrders.userId, userId))
    .orderBy(desc(coinOrders.createdAt), desc(coinOrders.id))
    .offset(page.from)
    .limit(page.limit);
  return {
    histories: rows.map((row) => ({
      orderId: row.id,
      baseQty: row.baseQty.toString(),
      quoteQty: fromBaseUnits(row.quoteWei, BALANCE_ASSET.decimals),
      packageId: row.packageId,
      state: row.state,
      txHash: row.txHash as `0x${string}` | null,
      created: row.createdAt.getTime(),
    })),
  };
}
