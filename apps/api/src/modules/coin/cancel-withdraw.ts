import type { WithdrawItem } from '@ojo/api-contract/coin';
import type { Database, Transaction } from '@ojo/db/client';
import { credit } from '@ojo/db/ledger';
import { type CoinWithdraw, coinWithdraws } from '@ojo/db/schema/coin';
import { and, eq } from '@ojo/db/sql';
import { restoreBasis } from './cost-basis';
import { coinErrors } from './errors';
import { toWithdrawItem } from './withdraw-state';

/**
 * Gives a redemption's OJO back (ledger key `coin:withdraw:<id>:refund`) with the cost basis it took, and sets its
 * final status.
 */
export async function refundWithdraw(
  tx: Transaction,
  row: CoinWithdraw,
  status: 'FAILED' | 'CANCELLED',
  reason: string,
): Promise<CoinWithdraw> {
  const refunded = await credit(tx, {
    userId: row.userId,
    asset: 'OJO',
    amount: row.amount,
    reason: status === 'FAILED' ? 'coin.withdraw.failed' : 'coin.withdraw.cancelled',
    idempotencyKey: `coin:withdraw:${row.id}:refund`,
  });
  // The bought OJO goes back with what it cost, exactly as the redemption took it.
  if (refunded.isNew) await restoreBasis(tx, row.userId, row.basisQty, row.basisWei);
  const [updated] = await tx
    .update(coinWithdraws)
    .set({ status, reason, updatedAt: new Date() })
    .where(eq(coinWithdraws.id, row.id))
    .returning();
  return updated ?? row;
}

/**
 * DELETE /coin/withdraws/{id}: a PENDING redemption whose payout has not started is cancelled and its OJO given
 * back, in one transaction with the row locked (the payout job takes the same lock before it starts paying).
 * Not the player's or not there: 1109 (product.md 8). Already paying, paid, failed or cancelled: 1110.
 */
export async function cancelWithdraw(db: Database, userId: string, id: string): Promise<WithdrawItem> {
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(coinWithdraws)
      .where(and(eq(coinWithdraws.id, BigInt(id)), eq(coinWithdraws.userId, userId)))
      .for('update');
    if (!found) throw coinErrors.withdrawNotFound();
    if (found.status !== 'PENDING' || found.payoutStartedAt !== null)
      throw coinErrors.withdrawNotCancellable();
    return refundWithdraw(tx, found, 'CANCELLED', 'cancelled by the player');
  });
  return toWithdrawItem(row);
}
