import { siweNonceResult } from '@ojo/api-contract/identity';
import { apiClient } from '@/lib/api-client';

/** `GET /identity/siwe/nonce`: the single-use nonce of the next sign-in message. */
export async function getSiweNonce(): Promise<string> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/identity/siwe/nonce',
    schema: siweNonceResult,
  });
  if (!obj) throw new Error('The identity layer answered no nonce');
  return obj.nonce;
}
