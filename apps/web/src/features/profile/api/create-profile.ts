import { createProfileRoute, type ProfileRegistration } from '@ojo/api-contract/profile';
import { apiClient } from '@/lib/api-client';

/**
 * `POST /profile` (secure): reserves the handle and starts the on-chain creation; answers at once with status
 * `creating` (or the creation already under way). A refusal rejects with an ApiError whose `code` is HANDLE_TAKEN,
 * PROFILE_EXISTS, PROFILE_DAILY_LIMIT, ...
 */
export async function createProfile(handle: string): Promise<ProfileRegistration> {
  const obj = await apiClient.callRoute(createProfileRoute, { body: { handle } });
  if (!obj) throw new Error('The profile service answered no profile');
  return obj;
}
