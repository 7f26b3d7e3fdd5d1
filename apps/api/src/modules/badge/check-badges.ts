import { randomBytes } from 'node:crypto';
import { type Badge, badgeClaims } from '@ojo/db/schema/badges';
import { and, count, eq, sql } from '@ojo/db/sql';
import { hasRealActivity } from '../rewards/real-activity';
import type { BadgeDeps } from './deps';
import { activeBadges, claimsOf } from './player-badges';
import { createProgressReader, type PlayerRef } from './progress-sources';

/**
 * A first-come badge: given while its supply lasts (allow type FCFS, or any badge with a max supply). It goes only
 * to players with real activity (a check-in and a bet in a closed round, docs/economy.md), or scripted accounts would
 * take the whole supply.
 */
export function isFirstCome(badge: Pick<Badge, 'allowType' | 'maxSupply'>): boolean {
  return badge.allowType === 'FCFS' || badge.maxSupply !== null;
}

/** A fresh single-use mint request id (bytes32). */
export const newUid = () => `0x${randomBytes(32).toString('hex')}`;

/**
 * nft.checkBadge (product.md 4 Badge check): every pending badge whose condition the player meets becomes claimable, by
 * its allow type: NO never, GTD always, FCFS while fewer than `max_supply` players hold it (counted under a lock
 * per badge, so two nodes never give out more) and only to a player with real activity. Answers the claimable count.
 */
export async function checkBadges(deps: BadgeDeps, player: PlayerRef): Promise<{ claimableCount: number }> {
  const account = player.smartAccountAddress;
  if (account) {
    const [all, claims] = await Promise.all([activeBadges(deps), claimsOf(deps, player.id)]);
    const progressOf = createProgressReader(deps, player);
    let isActive: Promise<boolean> | undefined;
    for (const badge of all) {
      if (badge.allowType === 'NO' || claims.some((claim) => claim.badgeId === badge.id)) continue;
      if ((await progressOf(badge)) < badge.condition) continue;
      if (isFirstCome(badge)) {
        isActive ??= hasRealActivity(deps.db, player.id);
        if (!(await isActive)) continue;
      }
      await deps.db.transaction(async (tx) => {
        if (badge.allowType === 'FCFS') {
          await tx.execute(sql`select pg_advisory_xact_lock(${0x0badce}, ${badge.id})`);
          const [held] = await tx
            .select({ total: count() })
            .from(badgeClaims)
            .where(eq(badgeClaims.badgeId, badge.id));
          if (Number(held?.total ?? 0) >= (badge.maxSupply ?? 0)) return;
        }
        await tx
          .insert(badgeClaims)
          .values({ userId: player.id, badgeId: badge.id, address: account.toLowerCase(), uid: newUid() })
          .onConflictDoNothing();
      });
    }
  }
  return { claimableCount: await claimableCount(deps, player.id) };
}

export async function claimableCount(deps: Pick<BadgeDeps, 'db'>, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ total: count() })
    .from(badgeClaims)
    .where(and(eq(badgeClaims.userId, userId), eq(badgeClaims.status, 'claimable')));
  return Number(row?.total ?? 0);
}
