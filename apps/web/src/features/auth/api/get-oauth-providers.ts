import { type OauthProviderInfo, oauthProviderInfoSchema } from '@ojo/api-contract/oauth';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/** `GET /customer/login/oauth/providers`: the old-user providers and how to start their sign-in. */
export async function getOauthProviders(): Promise<OauthProviderInfo[]> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/customer/login/oauth/providers',
    schema: z.array(oauthProviderInfoSchema),
  });
  return obj ?? [];
}
