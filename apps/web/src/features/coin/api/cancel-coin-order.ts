import { cancelCoinOrderRoute } from '@ojo/api-contract/coin';
import { apiClient } from '@/lib/api-client';

/** DELETE /coin/orders/{id}: an unpaid order is cancelled (ETH paid for it afterwards is refunded). */
export function cancelCoinOrder(orderId: string) {
  return apiClient.callRoute(cancelCoinOrderRoute, { params: { id: orderId } });
}
