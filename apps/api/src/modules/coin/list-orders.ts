import type { CoinHistoryItem } from '@ojo/api-contract/coin';
import type { Database } from '@ojo/db/client';
import { type CoinOrder, type CoinRefund, coinOrders, coinRefunds } from '@ojo/db/schema/coin';
import { asc, desc, eq, inArray } from '@ojo/db/sql';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';

type RefundStatus = NonNullable<CoinHistoryItem['refund']>['status'];

/**
 * GET /coin/histories: the player's orders, newest first, offset paging, each with its latest refund. An order
 * never credited whose payment was sent back reads 'refunded'.
 */
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
  const latestRefund = new Map<string, CoinRefund>();
  if (rows.length > 0) {
    const refunds = await db
      .select()
      .from(coinRefunds)
      .where(
        inArray(
          coinRefunds.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(coinRefunds.id));
    for (const refund of refunds) if (refund.orderId) latestRefund.set(refund.orderId, refund);
  }
  return { histories: rows.map((row) => toHistoryItem(row, latestRefund.get(row.id))) };
}

/** One order as the coin history shows it, with its latest refund. */
export function toHistoryItem(row: CoinOrder, refund: CoinRefund | undefined): CoinHistoryItem {
  return {
    orderId: row.id,
    baseQty: row.baseQty.toString(),
    quoteQty: fromBaseUnits(row.quoteWei, BALANCE_ASSET.decimals),
    quoteWei: row.quoteWei.toString(),
    expiresAt: row.expiresAt.getTime(),
    packageId: row.packageId,
    state: row.state !== 'done' && refund?.status === 'sent' ? 'refunded' : row.state,
    txHash: row.txHash as `0x${string}` | null,
    refund: refund
      ? {
          status: refund.status as RefundStatus,
          reason: refund.reason,
          amount: refund.refundWei === null ? null : fromBaseUnits(refund.refundWei, BALANCE_ASSET.decimals),
          txHash: refund.refundTxHash as `0x${string}` | null,
        }
      : null,
    created: row.createdAt.getTime(),
  };
}
