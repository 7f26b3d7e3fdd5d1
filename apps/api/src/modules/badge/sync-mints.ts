import { badgeNFTAbi } from '@ojo/contracts/generated/abis';
import { badgeClaims } from '@ojo/db/schema/badges';
import { and, eq, inArray, isNotNull } from '@ojo/db/sql';
import type { SyncState } from '@ojo/domain/enums';
import { type Hex, parseEventLogs, type TransactionReceipt } from 'viem';
import { callJsonRpc } from '../../lib/json-rpc';
import type { BadgeDeps } from './deps';

/** POST /tx/sync: the player's claimable badges that `hash` mints are in flight (SYNCING) until the chain says. */
export async function reportMint(
  deps: BadgeDeps,
  userId: string,
  input: { hash: string; claimableIds: string[] },
): Promise<{ syncState: SyncState }> {
  await deps.db
    .update(badgeClaims)
    .set({ syncState: 'SYNCING', reportedHash: input.hash.toLowerCase(), updatedAt: new Date() })
    .where(
      and(
        eq(badgeClaims.userId, userId),
        eq(badgeClaims.status, 'claimable'),
        inArray(
          badgeClaims.id,
          input.claimableIds.map((id) => BigInt(id)),
        ),
      ),
    );
  return { syncState: 'SYNCING' };
}

/** The transaction receipt of a transaction hash, or of the bundle that carried a user operation hash. */
async function receiptOf(deps: BadgeDeps, hash: Hex): Promise<TransactionReceipt | null> {
  const direct = await deps.publicClient.getTransactionReceipt({ hash }).catch(() => null);
  if (direct) return direct;
  const operation = await callJsonRpc<{ receipt: { transactionHash: Hex } } | null>(
    deps.bundlerUrl,
    'eth_getUserOperationReceipt',
    [hash],
    10_000,
  ).catch(() => null);
  if (!operation) return null;
  return deps.publicClient
    .getTransactionReceipt({ hash: operation.receipt.transactionHash })
    .catch(() => null);
}

/**
 * Marks the claims whose uids BadgeNFT minted in `receipt` claimed; answers how many claims the receipt minted. The
 * answer is the same whoever records it first (this call, the mint watcher, another tab), so a retry reads alike.
 */
export async function recordMintedUids(deps: BadgeDeps, receipt: TransactionReceipt): Promise<number> {
  const badgeNft = deps.badgeNft();
  if (!badgeNft || receipt.status !== 'success') return 0;
  const minted = parseEventLogs({
    abi: badgeNFTAbi,
    eventName: 'TokensMintedWithSignature',
    logs: receipt.logs.filter((log) => log.address.toLowerCase() === badgeNft.toLowerCase()),
  });
  if (minted.length === 0) return 0;
  const uids = minted.map((log) => log.args.uid.toLowerCase());
  await deps.db
    .update(badgeClaims)
    .set({
      status: 'claimed',
      syncState: 'SYNCED',
      txHash: receipt.transactionHash,
      claimedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(inArray(badgeClaims.uid, uids), eq(badgeClaims.status, 'claimable')));
  const claimed = await deps.db
    .select({ id: badgeClaims.id })
    .from(badgeClaims)
    .where(and(inArray(badgeClaims.uid, uids), eq(badgeClaims.status, 'claimed')));
  return claimed.length;
}

/**
 * POST /v1/transaction/process/{hash}: reads the mint from the chain (a transaction or a user operation hash); the
 * badges it minted are claimed. A hash not mined yet changes nothing (SYNCING stays).
 */
export async function processMint(
  deps: BadgeDeps,
  userId: string,
  hash: Hex,
): Promise<{ claimed: number; syncState: SyncState }> {
  const receipt = await receiptOf(deps, hash);
  const claimed = receipt ? await recordMintedUids(deps, receipt) : 0;
  await reconcileMints(deps, userId);
  const inFlight = await deps.db
    .select({ id: badgeClaims.id })
    .from(badgeClaims)
    .where(and(eq(badgeClaims.userId, userId), eq(badgeClaims.syncState, 'SYNCING')));
  return { claimed, syncState: inFlight.length > 0 ? 'SYNCING' : 'SYNCED' };
}

/**
 * The chain is the truth: a signed request of the player whose uid BadgeNFT marks used was minted, reported or
 * not (another tab, a lost answer). Run on the player's reads, so nobody's badge stays claimable after its mint.
 */
export async function reconcileMints(deps: BadgeDeps, userId: string): Promise<void> {
  const badgeNft = deps.badgeNft();
  if (!badgeNft) return;
  const signed = await deps.db
    .select({ id: badgeClaims.id, uid: badgeClaims.uid })
    .from(badgeClaims)
    .where(
      and(
        eq(badgeClaims.userId, userId),
        eq(badgeClaims.status, 'claimable'),
        isNotNull(badgeClaims.signature),
      ),
    );
  for (const claim of signed) {
    const isUsed = await deps.publicClient
      .readContract({
        address: badgeNft,
        abi: badgeNFTAbi,
        functionName: 'isUidUsed',
        args: [claim.uid as Hex],
      })
      .catch(() => false);
    if (isUsed) {
      await deps.db
        .update(badgeClaims)
        .set({ status: 'claimed', syncState: 'SYNCED', claimedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(badgeClaims.id, claim.id), eq(badgeClaims.status, 'claimable')));
    }
  }
}
