import { socialTokenRoute } from '@ojo/api-contract/tasks';
import { apiClient } from '@/lib/api-client';

/** POST /customer/oauth/social/token: finishes connecting X or Discord with the code and state they sent back. */
export async function connectSocial(body: { platform: 'twitter' | 'discord'; code: string; state: string }) {
  return apiClient.callRoute(socialTokenRoute, { body });
}
