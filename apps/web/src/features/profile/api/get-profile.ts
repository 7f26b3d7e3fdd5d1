import { type Profile, profile } from '@ojo/api-contract/profile';
import { apiClient } from '@/lib/api-client';

/** `GET /profile` (secure): the session customer's on-chain profile, null when there is none. */
export async function getProfile(): Promise<Profile | null> {
  const { obj } = await apiClient.call({ host: 'customer', path: '/profile', secure: true, schema: profile });
  return obj;
}
