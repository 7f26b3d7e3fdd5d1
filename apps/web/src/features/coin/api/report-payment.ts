import { processUserOperationRoute } from '@ojo/api-contract/wallet';
import type { Hex } from 'viem';
import { apiClient } from '@/lib/api-client';

/** POST /transaction/process/userOpHash after paying (product.md 4 Buy OJO: report the transaction hash). */
export function reportPayment(userOpHash: Hex) {
  return apiClient.callRoute(processUserOperationRoute, { body: { userOpHash } });
}
