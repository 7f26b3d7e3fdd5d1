import { tokenRefreshRoute } from '@ojo/api-contract/user';
import { apiClient } from '@/lib/api-client';

/** `POST /customer/token/refresh` (secure): a new session jwt (product.md 4 renewal). */
export async function refreshSessionToken(): Promise<{ sessionToken: string }> {
  const obj = await apiClient.callRoute(tokenRefreshRoute);
  if (!obj) throw new Error('The session was not renewed');
  return { sessionToken: obj.jwtKey };
}
