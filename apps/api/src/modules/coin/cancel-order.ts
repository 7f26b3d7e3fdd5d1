import type { CoinHistoryItem } from '@ojo/api-contract/coin';
import type { Database } from '@ojo/db/client';
import { coinOrders } from '@ojo/db/schema/coin';
import { and, eq } from '@ojo/db/sql';
import { coinErrors } from './errors';
import { toHistoryItem } from './list-orders';

/**
 * DELETE /coin/orders/{id}: the player's unpaid order is closed as `cancelled`, with its row locked (settling a
 * payment takes the same lock). Nothing was credited for it, so neither the ledger nor the cost basis changes; a
 * payment for it that arrives afterwards is judged 'order cancelled' and refunded by the refund job. An order whose
 * payment is already on chain (approved), paid, or closed is not cancelled.
 */
export async function cancelOrder(
  db: Database,
  userId: string,
  orderId: string,
  nowMs: number,
): Promise<CoinHistoryItem> {
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(coinOrders)
      .where(and(eq(coinOrders.id, orderId), eq(coinOrders.userId, userId)))
      .for('update');
    if (!found) throw coinErrors.orderNotFound();
    if (found.state !== 'created') throw coinErrors.orderNotCancellable();
    const [updated] = await tx
      .update(coinOrders)
      .set({ state: 'cancelled', reason: 'cancelled by the player', updatedAt: new Date(nowMs) })
      .where(eq(coinOrders.id, found.id))
      .returning();
    return updated ?? found;
  });
  return toHistoryItem(row, undefined);
}
