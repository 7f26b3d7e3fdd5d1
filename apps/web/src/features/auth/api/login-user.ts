import { type LoginBody, loginBodyOf, loginRoute } from '@ojo/api-contract/user';
import { LOGIN_REQUEST_DEFAULTS } from '@ojo/domain/constants';
import { apiClient } from '@/lib/api-client';

/**
 * `POST /customer/login` (product.md 7): the id token, the smart account and the referral fields, sent with the
 * smart-account defaults spelled out (platform osp, walletType abstract, thirdAuthSource OSP, channel OSP,
 * autoRegister true). The wire's names are api-contract's business (`loginBodyOf`).
 */
export async function loginUser(request: {
  idToken: string;
  smartAccountAddress: string;
  referralCode: string;
  sourceType: string;
}): Promise<{ sessionToken: string | null; created: number | null }> {
  const obj = await apiClient.callRoute(loginRoute, {
    body: { ...loginBodyOf(request), ...LOGIN_REQUEST_DEFAULTS } satisfies LoginBody,
  });
  return { sessionToken: obj?.jwtKey ?? null, created: obj?.created ?? null };
}
