import { tokenRefreshResult } from '@ojo/api-contract/user';
import { apiClient } from '@/lib/api-client';

/** `POST /customer/token/refresh` (secure): a new session jwt (spec 4 renewal). */
export async function refreshSessionToken(): Promise<{ sessionToken: string }> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/customer/token/refresh',
    method: 'POST',
    secure: true,
    schema: tokenRefreshResult,
  });
  if (!obj) throw new Error('The session was not renewed');
  return { sessionToken: obj.jwtKey };
}
