import { logoutRoute } from '@ojo/api-contract/user';
import { apiClient } from '@/lib/api-client';

/**
 * `POST /customer/logout` (secure): product.md 4 Logout 'Ends the identity session'. The API revokes the session of `jwt`
 * and of the id token, so copies of either stop working. Sent with the jwt the logout just removed from storage.
 */
export async function endSession(body: { jwt: string; idToken?: string }): Promise<void> {
  await apiClient.callRoute(logoutRoute, {
    jwt: body.jwt,
    body: body.idToken ? { idToken: body.idToken } : {},
  });
}
