import { type LoginBody, loginResult } from '@ojo/api-contract/user';
import { LOGIN_REQUEST_DEFAULTS } from '@ojo/domain/constants';
import { apiClient } from '@/lib/api-client';

/**
 * `POST /customer/login` (spec 7): the id token, public key and invite fields, sent with the smart-account
 * defaults spelled out (platform osp, walletType abstract, thirdAuthSource OSP, channel OSP, autoRegister true).
 */
export async function loginUser(
  body: Pick<LoginBody, 'idToken' | 'publicKey' | 'inviteCode' | 'sourceType'>,
): Promise<{ jwtKey: string | null; created: number | null }> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/customer/login',
    method: 'POST',
    body: { ...body, ...LOGIN_REQUEST_DEFAULTS } satisfies LoginBody,
    schema: loginResult,
  });
  return { jwtKey: obj?.jwtKey ?? null, created: obj?.created ?? null };
}
