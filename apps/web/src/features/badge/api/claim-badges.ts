import {
  type ClaimableBadgeRow,
  claimBadgesRoute,
  processMintRoute,
  txSyncRoute,
} from '@ojo/api-contract/badge';
import { apiClient } from '@/lib/api-client';

/** POST /wallets/claim/badges: the signed mint requests of every claimable badge. */
export async function getClaimableRows(): Promise<ClaimableBadgeRow[]> {
  return (await apiClient.callRoute(claimBadgesRoute)) ?? [];
}

/** POST /tx/sync: the badges of `claimableIds` are minting in `hash` (SYNCING). */
export async function reportMint(hash: string, claimableIds: string[]) {
  return apiClient.callRoute(txSyncRoute, { body: { hash, claimableIds } });
}

/** POST /v1/transaction/process/{hash}: the API reads the mint from the chain; the minted badges are claimed. */
export async function processMint(hash: string) {
  return apiClient.callRoute(processMintRoute, { params: { hash } });
}
