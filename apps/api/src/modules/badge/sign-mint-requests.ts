import type { ClaimableBadgeRow } from '@ojo/api-contract/badge';
import { type MintRequest, signMintRequest } from '@ojo/contracts/badge-mint';
import { badgeNFTAbi } from '@ojo/contracts/generated/abis';
import { type BadgeClaim, badgeClaims, badges } from '@ojo/db/schema/badges';
import { and, eq } from '@ojo/db/sql';
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { hasRealActivity } from '../rewards/real-activity';
import { isFirstCome, newUid } from './check-badges';
import type { BadgeDeps } from './deps';
import { badgeErrors } from './errors';

/**
 * How far the chain's clock may trail the API's: validity starts this much in the past, and a request is taken as
 * expired on chain only this long after its end on the API's clock.
 */
const CHAIN_CLOCK_SLACK_SECONDS = 300;

/**
 * POST /wallets/claim/badges and /wallets/claim/tokens/{id}: the signed BadgeNFT mint requests of the player's
 * claimable badges (all, or one). A request is signed once and handed out again while valid (same uid), so a double
 * click, a retry or a second tab mint the same request, which the contract accepts once. Only a request that expired
 * unminted (its uid unused on chain) is replaced by a new one with a new uid: never earlier, even when it has little
 * time left, since two requests mintable at once (two uids) would mint the badge twice. A first-come badge is signed
 * only for a player with real activity (a claim made before that rule waits for it): asked for alone, it is a 403
 * BADGE_ACTIVITY_REQUIRED; among all, it is left out.
 */
export async function signMintRequests(
  deps: BadgeDeps,
  userId: string,
  badgeId?: number,
): Promise<ClaimableBadgeRow[]> {
  const where = [eq(badgeClaims.userId, userId), eq(badgeClaims.status, 'claimable')];
  if (badgeId !== undefined) where.push(eq(badgeClaims.badgeId, badgeId));
  const rows = await deps.db
    .select({ claim: badgeClaims, badge: badges })
    .from(badgeClaims)
    .innerJoin(badges, eq(badges.id, badgeClaims.badgeId))
    .where(and(...where));
  if (badgeId !== undefined && rows.length === 0) throw badgeErrors.notClaimable();
  const needsActivity = rows.some(({ badge }) => isFirstCome(badge));
  const isActive = needsActivity && (await hasRealActivity(deps.db, userId));
  if (badgeId !== undefined && needsActivity && !isActive) throw badgeErrors.activityRequired();
  const signer = deps.signer;
  const badgeNft = deps.badgeNft();
  if (!signer || !badgeNft) throw badgeErrors.signerUnavailable();

  const nowSeconds = Math.floor(deps.now() / 1000);
  const answers: ClaimableBadgeRow[] = [];
  for (const { claim, badge } of rows) {
    if (isFirstCome(badge) && !isActive) continue;
    let current = claim;
    // Still mintable on a chain whose clock trails ours: hand out the same request (one uid per claim at a time).
    const isFresh =
      current.signature &&
      current.validityEnd !== null &&
      nowSeconds <= current.validityEnd + CHAIN_CLOCK_SLACK_SECONDS;
    if (!isFresh) {
      if (current.signature) {
        const isUsed = await deps.publicClient.readContract({
          address: badgeNft,
          abi: badgeNFTAbi,
          functionName: 'isUidUsed',
          args: [current.uid as Hex],
        });
        if (isUsed) {
          // Minted and never reported: claimed (the chain decides).
          await deps.db
            .update(badgeClaims)
            .set({ status: 'claimed', syncState: 'SYNCED', claimedAt: new Date(), updatedAt: new Date() })
            .where(eq(badgeClaims.id, current.id));
          continue;
        }
      }
      const uid = current.signature ? newUid() : current.uid;
      const validityStart = nowSeconds - CHAIN_CLOCK_SLACK_SECONDS;
      const validityEnd = nowSeconds + deps.mintValiditySeconds;
      const request = mintRequestOf(deps, badge, { ...current, uid, validityStart, validityEnd });
      const signature = await signMintRequest(signer, request, { chainId: deps.chainId, badgeNft });
      // Only the caller that still sees the row as it read it writes; a concurrent caller's request wins otherwise.
      const [updated] = await deps.db
        .update(badgeClaims)
        .set({ uid, signature, validityStart, validityEnd, syncState: 'UNSYNC', updatedAt: new Date() })
        .where(
          and(
            eq(badgeClaims.id, current.id),
            eq(badgeClaims.uid, current.uid),
            eq(badgeClaims.status, 'claimable'),
          ),
        )
        .returning();
      current = updated ?? (await rereadClaim(deps, current.id));
      if (current.status !== 'claimable' || !current.signature) continue;
    }
    answers.push(toClaimableRow(deps, badge, current, badgeNft));
  }
  return answers;
}

async function rereadClaim(deps: BadgeDeps, id: bigint): Promise<BadgeClaim> {
  const [row] = await deps.db.select().from(badgeClaims).where(eq(badgeClaims.id, id));
  if (!row) throw badgeErrors.notClaimable();
  return row;
}

function mintRequestOf(
  deps: BadgeDeps,
  badge: typeof badges.$inferSelect,
  claim: Pick<BadgeClaim, 'address' | 'uid' | 'validityStart' | 'validityEnd'>,
): MintRequest {
  const royaltyRecipient = deps.royaltyRecipient ?? zeroAddress;
  return {
    to: getAddress(claim.address),
    royaltyRecipient,
    royaltyBps: royaltyRecipient === zeroAddress ? 0n : BigInt(badge.royaltyBps),
    primarySaleRecipient: zeroAddress,
    tokenId: badge.tokenId,
    uri: badge.uri,
    quantity: 1n,
    pricePerToken: 0n,
    currency: zeroAddress,
    validityStart: BigInt(claim.validityStart ?? 0),
    validityEnd: BigInt(claim.validityEnd ?? 0),
    uid: claim.uid as Hex,
  };
}

function toClaimableRow(
  deps: BadgeDeps,
  badge: typeof badges.$inferSelect,
  claim: BadgeClaim,
  badgeNft: Address,
): ClaimableBadgeRow {
  const request = mintRequestOf(deps, badge, claim);
  return {
    claimableId: claim.id.toString(),
    address: request.to,
    contractAddress: badgeNft,
    currency: request.currency,
    pricePerToken: request.pricePerToken.toString(),
    primarySaleRecipient: request.primarySaleRecipient,
    quantity: request.quantity.toString(),
    royaltyBps: request.royaltyBps.toString(),
    royaltyRecipient: request.royaltyRecipient,
    signature: claim.signature as string,
    tokenId: request.tokenId.toString(),
    uid: request.uid,
    uri: request.uri,
    validityStartTimestamp: request.validityStart.toString(),
    validityEndTimestamp: request.validityEnd.toString(),
  };
}
