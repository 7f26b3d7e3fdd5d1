import { badgeNFTAbi } from '@ojo/contracts/generated/abis';
import { badgeClaims } from '@ojo/db/schema/badges';
import { runSingletonLoop, type SingletonLoop } from '@ojo/db/singleton-loop';
import { and, eq, gt, isNotNull } from '@ojo/db/sql';
import type { Hex } from 'viem';
import type { BadgeDeps } from './deps';

export const BADGE_MINT_WATCHER_LEASE = 'badge-mint-watcher';

/** How long after its request expired a signed claim is still watched (a mint mined late is still found). */
const WATCH_AFTER_EXPIRY_SECONDS = 3600;

/**
 * Catches the mints nobody reported (a lost answer, a closed tab): on one node at a time (a lease), every
 * `intervalMs` it asks BadgeNFT whether the uids of the signed, unclaimed requests were used, and marks those
 * claimed. Reads are per request still mintable, so the work is bounded by the claims in flight.
 */
export function watchBadgeMints(
  deps: BadgeDeps,
  options: { intervalMs: number; onError: (error: unknown) => void },
): SingletonLoop {
  return runSingletonLoop(deps.db, {
    name: BADGE_MINT_WATCHER_LEASE,
    ttlMs: Math.max(15_000, options.intervalMs * 3),
    renewEveryMs: options.intervalMs,
    everyMs: options.intervalMs,
    onError: (error) => options.onError(error),
    async step() {
      const badgeNft = deps.badgeNft();
      if (!badgeNft) return;
      const since = Math.floor(deps.now() / 1000) - WATCH_AFTER_EXPIRY_SECONDS;
      const signed = await deps.db
        .select({ id: badgeClaims.id, uid: badgeClaims.uid })
        .from(badgeClaims)
        .where(
          and(
            eq(badgeClaims.status, 'claimable'),
            isNotNull(badgeClaims.signature),
            gt(badgeClaims.validityEnd, since),
          ),
        )
        .limit(500);
      for (const claim of signed) {
        const isUsed = await deps.publicClient.readContract({
          address: badgeNft,
          abi: badgeNFTAbi,
          functionName: 'isUidUsed',
          args: [claim.uid as Hex],
        });
        if (!isUsed) continue;
        await deps.db
          .update(badgeClaims)
          .set({ status: 'claimed', syncState: 'SYNCED', claimedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(badgeClaims.id, claim.id), eq(badgeClaims.status, 'claimable')));
      }
    },
  });
}
