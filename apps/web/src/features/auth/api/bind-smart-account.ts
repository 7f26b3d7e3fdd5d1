import { type BindBody, bindBodyOf, bindRoute } from '@ojo/api-contract/user';
import { BIND_REQUEST_DEFAULTS } from '@ojo/domain/constants';
import { apiClient } from '@/lib/api-client';

/**
 * `POST /customer/bind` (secure, product.md 7): binds the smart account of the id token to the old user's account, sent
 * with the smart account's platform, walletType, thirdAuthSource and channel. A failure rejects with the envelope's
 * msgKey (e.g. customer.public.key.already.binded).
 */
export async function bindSmartAccount(request: {
  idToken: string;
  smartAccountAddress: string;
}): Promise<void> {
  await apiClient.callRoute(bindRoute, {
    body: { ...bindBodyOf(request), ...BIND_REQUEST_DEFAULTS } satisfies BindBody,
  });
}
