import { type UserInfo, userInfoSchema } from '@ojo/api-contract/user';
import { apiClient } from '@/lib/api-client';

/** `GET /customer` (secure): the user info of spec 3 for the session. */
export async function getUser(): Promise<UserInfo> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/customer',
    secure: true,
    schema: userInfoSchema,
  });
  if (!obj) throw new Error('The user service answered no user');
  return obj;
}
