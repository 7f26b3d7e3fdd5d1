import { type OauthProviderInfo, oauthProvidersRoute } from '@ojo/api-contract/oauth';
import { apiClient } from '@/lib/api-client';

/** `GET /customer/login/oauth/providers`: the old-user providers and how to start their sign-in. */
export async function getOauthProviders(): Promise<OauthProviderInfo[]> {
  const obj = await apiClient.callRoute(oauthProvidersRoute);
  return obj ?? [];
}
