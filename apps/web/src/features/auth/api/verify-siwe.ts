import { type SiweVerifyBody, siweVerifyRoute } from '@ojo/api-contract/identity';
import { apiClient } from '@/lib/api-client';

/** `POST /identity/siwe/verify`: the signed EIP-4361 message for an id token. */
export async function verifySiwe(body: SiweVerifyBody): Promise<{ idToken: string }> {
  const obj = await apiClient.callRoute(siweVerifyRoute, { body });
  if (!obj) throw new Error('The identity layer answered no id token');
  return obj;
}
