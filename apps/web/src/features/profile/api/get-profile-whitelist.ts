import { profileWhitelistRoute } from '@ojo/api-contract/profile';
import { apiClient } from '@/lib/api-client';

/** `GET /profile/whitelist` (product.md 7): reserved handles nobody may take. */
export async function getProfileWhitelist(): Promise<string[]> {
  const obj = await apiClient.callRoute(profileWhitelistRoute);
  return obj ?? [];
}
