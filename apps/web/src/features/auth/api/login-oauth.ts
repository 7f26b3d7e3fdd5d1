import { type OauthLoginBody, oauthLoginRoute } from '@ojo/api-contract/oauth';
import { apiClient } from '@/lib/api-client';

/**
 * `POST /customer/login/oauth` (product.md 7): the old user's authorization code and PKCE verifier, exchanged by the API
 * with the provider; answers the session jwt like `POST /customer/login`. Cause code 5115 comes back as `code`.
 */
export async function loginOauth(
  body: OauthLoginBody,
): Promise<{ sessionToken: string | null; created: number | null }> {
  const obj = await apiClient.callRoute(oauthLoginRoute, { body });
  return { sessionToken: obj?.jwtKey ?? null, created: obj?.created ?? null };
}
