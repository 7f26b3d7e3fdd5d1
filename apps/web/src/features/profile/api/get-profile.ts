import { type ProfileRegistration, profileRegistration } from '@ojo/api-contract/profile';
import { apiClient } from '@/lib/api-client';

/** `GET /profile` (secure): the session user's profile and where its creation stands, null when none. */
export async function getProfile(): Promise<ProfileRegistration | null> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/profile',
    secure: true,
    schema: profileRegistration,
  });
  return obj;
}
