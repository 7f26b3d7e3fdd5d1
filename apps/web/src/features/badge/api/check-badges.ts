import { checkBadgeRoute, mintCheckRoute } from '@ojo/api-contract/badge';
import { isBadgeCheckCallOk, isBadgeCheckProcessing } from '@ojo/domain/badges/badge-check';
import { CHECK_BADGE_BODY } from '@ojo/domain/constants';
import { ApiError, apiClient } from '@/lib/api-client';

const POLL_MS = 1000;
const MAX_POLLS = 60;

/**
 * product.md 4 Badge check: start the check (an answer 'processing' counts as ok), then poll the verify-check until its
 * code is other than 'badge_check_or_mint_processing'; resolves with the claimable count.
 */
export async function runBadgeCheck(): Promise<number> {
  try {
    await apiClient.callRoute(checkBadgeRoute, { body: CHECK_BADGE_BODY });
  } catch (error) {
    if (!(error instanceof ApiError && isBadgeCheckCallOk({ code: error.code, msgKey: error.msgKey })))
      throw error;
  }
  for (let poll = 0; poll < MAX_POLLS; poll += 1) {
    try {
      return (await apiClient.callRoute(mintCheckRoute))?.claimableCount ?? 0;
    } catch (error) {
      if (
        !(
          error instanceof ApiError &&
          (isBadgeCheckProcessing(error.code) || isBadgeCheckProcessing(error.msgKey))
        )
      )
        throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error('The badge check did not finish');
}
