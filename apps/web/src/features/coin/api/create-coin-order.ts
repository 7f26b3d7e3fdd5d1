import { createCoinOrderRoute } from '@ojo/api-contract/coin';
import { COIN_ORDER_BASE, COIN_ORDER_QUOTE } from '@ojo/domain/constants';
import { apiClient } from '@/lib/api-client';

/** POST /coin/orders: by amount (base OJO, quote ETH, baseQty) or by package. */
export async function createCoinOrder(order: { baseQty: string } | { packageId: string }) {
  const body =
    'packageId' in order
      ? { packageId: order.packageId }
      : { base: COIN_ORDER_BASE, quote: COIN_ORDER_QUOTE, baseQty: order.baseQty };
  const placed = await apiClient.callRoute(createCoinOrderRoute, { body: body as never });
  if (!placed) throw new Error('no order in the answer');
  return placed;
}
