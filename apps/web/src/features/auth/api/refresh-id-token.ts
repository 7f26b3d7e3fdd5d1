import { idTokenRefreshRoute } from '@ojo/api-contract/identity';
import { apiClient } from '@/lib/api-client';

/** `POST /identity/refresh`: a new id token for one that is still valid (product.md 4 renewal). */
export async function refreshIdToken(idToken: string): Promise<{ idToken: string }> {
  const obj = await apiClient.callRoute(idTokenRefreshRoute, { body: { idToken } });
  if (!obj) throw new Error('The identity layer answered no id token');
  return obj;
}
