import { siweNonceRoute } from '@ojo/api-contract/identity';
import { apiClient } from '@/lib/api-client';

/** `GET /identity/siwe/nonce`: the single-use nonce of the next sign-in message. */
export async function getSiweNonce(): Promise<string> {
  const obj = await apiClient.callRoute(siweNonceRoute);
  if (!obj) throw new Error('The identity layer answered no nonce');
  return obj.nonce;
}
