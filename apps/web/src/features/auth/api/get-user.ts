import { getUserRoute, type UserInfo } from '@ojo/api-contract/user';
import { apiClient } from '@/lib/api-client';

/** `GET /customer` (secure): the user info of spec 3 for the session. */
export async function getUser(): Promise<UserInfo> {
  const obj = await apiClient.callRoute(getUserRoute);
  if (!obj) throw new Error('The user service answered no user');
  return obj;
}
