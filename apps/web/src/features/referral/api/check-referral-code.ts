import { useMutation } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';

/**
 * GET /customer/invite/code/check (product.md 7, public). Resolves true when the code exists and false when the server
 * says the check failed (product.md 4 'Failed check sets the error'); rejects only when there was no usable answer
 * (network down, broken response), which is not a verdict on the code.
 *
 * The answer's schema (and zod with it) loads on the first check: the home page shows the referral field, and its
 * first paint should not wait for a schema library (initial JavaScript budget).
 */
export async function checkReferralCode(inviteCode: string): Promise<boolean> {
  const { referralCodeCheckRoute } = await import('@ojo/api-contract/referral');
  try {
    await apiClient.callRoute(referralCodeCheckRoute, { query: { inviteCode } });
    return true;
  } catch (error) {
    if (isApiError(error) && (error.kind === 'envelope' || (error.kind === 'http' && error.status < 500))) {
      return false;
    }
    throw error;
  }
}

export function useCheckReferralCode() {
  return useMutation({ mutationKey: ['referral', 'code', 'check'], mutationFn: checkReferralCode });
}
