import { MSG_KEYS } from '../error-codes';

/** product.md 4 Badge check: 'poll the verify-check until the result code is other than 'badge_check_or_mint_processing''. */
export function isBadgeCheckProcessing(code: unknown): boolean {
  return code === MSG_KEYS.BADGE_CHECK_PROCESSING;
}

/** product.md 4 Badge check: 'A check call answering 'processing' counts as ok.' */
export function isBadgeCheckCallOk(response: {
  success?: unknown;
  msgKey?: unknown;
  code?: unknown;
}): boolean {
  return (
    response.success === true ||
    isBadgeCheckProcessing(response.msgKey) ||
    isBadgeCheckProcessing(response.code)
  );
}

/** product.md 4 Badge check: 'Then set the claimable count. If it is above 0, refresh the badge lists.' */
export function shouldRefreshBadgeLists(claimableCount: number): boolean {
  return claimableCount > 0;
}
