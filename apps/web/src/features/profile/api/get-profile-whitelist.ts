import { profileWhitelist } from '@ojo/api-contract/profile';
import { apiClient } from '@/lib/api-client';

/** `GET /profile/whitelist` (spec 7): reserved handles nobody may take. */
export async function getProfileWhitelist(): Promise<string[]> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/profile/whitelist',
    schema: profileWhitelist,
  });
  return obj ?? [];
}
