import { type LoginBody, loginResult } from '@ojo/api-contract/customer';
import { apiClient } from '@/lib/api-client';

/**
 * `POST /customer/login` (spec 7) with the smart-account defaults (platform osp, walletType abstract,
 * thirdAuthSource OSP, channel OSP, autoRegister true), which the contract schema fills in.
 */
export async function loginCustomer(
  body: LoginBody,
): Promise<{ jwtKey: string | null; created: number | null }> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/customer/login',
    method: 'POST',
    body,
    schema: loginResult,
  });
  return { jwtKey: obj?.jwtKey ?? null, created: obj?.created ?? null };
}
