import type { Database } from '@ojo/db/client';
import type { HeldLease } from '@ojo/db/leases';
import type { BlockSource } from './block-source';
import { indexerTip, recordBlock, undoFrom } from './index-store';

export interface FollowOptions {
  chainId: number;
  /** The first block to index on an empty index (the contracts' deployment block, or configuration). */
  startBlock: bigint;
  /** Blocks taken in per step at most. */
  batchBlocks: number;
  /** Blocks kept behind the head (0: index the head itself; reorgs are undone either way). */
  confirmations: number;
  /** Addresses whose incoming moves are kept from any sender (the coin receipt address: every payment is seen). */
  alsoTo?: readonly string[];
}

export interface FollowStep {
  /** Blocks taken in. */
  indexed: number;
  /** Transfers written. */
  transfers: number;
  /** Block heights undone because the chain no longer has them (a reorganisation). */
  undone: number;
  /** True when the index reached the head (nothing more to do right now). */
  caughtUp: boolean;
}

/**
 * One step of following the chain. First the stored position is checked against the chain: when the chain's block
 * at that height has another hash (or the chain is shorter now), that block and everything after it is undone and
 * the step ends, so the next one checks the block before. Then up to `batchBlocks` blocks are taken in, each in
 * its own transaction with the new position, each checked to extend the previous one by its parent hash. A crash
 * between blocks resumes after the last one recorded; nothing is missed or written twice.
 */
export async function followChain(
  db: Database,
  source: BlockSource,
  lease: HeldLease,
  options: FollowOptions,
): Promise<FollowStep> {
  const step: FollowStep = { indexed: 0, transfers: 0, undone: 0, caughtUp: false };
  const tip = await indexerTip(db, options.chainId);
  if (tip) {
    const onChain = await source.header(tip.number);
    if (!onChain || onChain.hash !== tip.hash) {
      await undoFrom(db, lease, options.chainId, tip.number);
      step.undone = 1;
      return step;
    }
  }
  const head = (await source.head()) - BigInt(options.confirmations);
  let next = tip ? tip.number + 1n : options.startBlock;
  let previousHash = tip?.hash;
  const last =
    next + BigInt(options.batchBlocks) - 1n < head ? next + BigInt(options.batchBlocks) - 1n : head;
  for (; next <= last; next += 1n) {
    const block = await source.header(next);
    // The node has no such block although its head is past it (a node that does not keep old blocks): wait
    // rather than ask again at once.
    if (!block) return { ...step, caughtUp: true };
    // The chain changed under us since the check above: the next step finds out where.
    if (previousHash !== undefined && block.parentHash !== previousHash) return step;
    const moves = await source.moves(block);
    step.transfers += await recordBlock(db, lease, options.chainId, block, moves, options.alsoTo);
    step.indexed += 1;
    previousHash = block.hash;
  }
  step.caughtUp = next > head;
  return step;
}
