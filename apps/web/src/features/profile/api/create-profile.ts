import { type Profile, profile } from '@ojo/api-contract/profile';
import { apiClient } from '@/lib/api-client';

/**
 * `POST /profile` (secure): creates the on-chain profile and answers once the transaction is in a block. A failure
 * rejects with an ApiError whose `code` is HANDLE_TAKEN, PROFILE_EXISTS, ...
 */
export async function createProfile(handle: string): Promise<Profile> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/profile',
    method: 'POST',
    secure: true,
    body: { handle },
    schema: profile,
  });
  if (!obj) throw new Error('The profile service answered no profile');
  return obj;
}
