import { processUserOperationRoute } from '@ojo/api-contract/wallet';
import type { Hex } from 'viem';
import { apiClient } from '@/lib/api-client';

/** POST /transaction/process/userOpHash (product.md 7, after a send): the API indexes the transfer at once. */
export async function processUserOperation(userOpHash: Hex) {
  return apiClient.callRoute(processUserOperationRoute, { body: { userOpHash } });
}
