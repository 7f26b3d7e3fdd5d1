import { apiClient, isApiError } from '@/lib/api-client';

/**
 * GET /customer/invite/code/check (product.md 7, public). Resolves true when the code exists and false when the server
 * says the check failed (product.md 4 'Failed check sets the error'); rejects only when there was no usable answer
 * (network down, broken response), which is not a verdict on the code.
 *
 * The answer's schema (and zod with it) loads on the first check: the home page shows the referral field, and its
 * first paint should not wait for a schema library (initial JavaScript budget). A plain call rather than a TanStack
 * mutation, so that the landing page can run without the query library (src/landing.tsx); the field loads this module
 * (and the API client with it) on the first check.
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

/** What the person reads when the check got no verdict (network down, broken response). */
export function checkFailureText(error: unknown): string {
  return isApiError(error) ? error.message : 'The code could not be checked.';
}
