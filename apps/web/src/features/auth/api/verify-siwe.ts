import { idTokenResult, type SiweVerifyBody } from '@ojo/api-contract/identity';
import { apiClient } from '@/lib/api-client';

/** `POST /identity/siwe/verify`: the signed EIP-4361 message for an id token. */
export async function verifySiwe(body: SiweVerifyBody): Promise<{ idToken: string }> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/identity/siwe/verify',
    method: 'POST',
    body,
    schema: idTokenResult,
  });
  if (!obj) throw new Error('The identity layer answered no id token');
  return obj;
}
