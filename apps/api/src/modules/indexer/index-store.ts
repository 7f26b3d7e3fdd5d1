import type { Database } from '@ojo/db/client';
import type { HeldLease } from '@ojo/db/leases';
import { leases } from '@ojo/db/schema/leases';
import { users } from '@ojo/db/schema/users';
import { indexedBlocks, type NewNativeTransfer, nativeTransfers } from '@ojo/db/schema/wallet-index';
import { and, desc, eq, gte, inArray, ne, sql } from '@ojo/db/sql';
import type { BlockHeader, ValueMove } from './block-source';

/** The indexer's reads and writes of `indexed_blocks` and `native_transfers`. */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The newest block taken in: the indexer's position. */
export async function indexerTip(db: Database, chainId: number) {
  const [tip] = await db
    .select()
    .from(indexedBlocks)
    .where(eq(indexedBlocks.chainId, chainId))
    .orderBy(desc(indexedBlocks.number))
    .limit(1);
  return tip;
}

/** Which of `addresses` are product smart accounts (users' smart-account addresses). */
async function smartAccountsAmong(db: Database | Tx, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .select({ address: users.smartAccountAddress })
    .from(users)
    .where(inArray(users.smartAccountAddress, [...new Set(addresses)]));
  return new Set(rows.map((row) => row.address as string));
}

function toRows(chainId: number, block: BlockHeader, moves: readonly ValueMove[]): NewNativeTransfer[] {
  return moves.map((move) => ({
    chainId,
    blockNumber: block.number,
    blockHash: block.hash,
    blockTime: block.time,
    txHash: move.txHash,
    txIndex: move.txIndex,
    traceAddress: move.traceAddress,
    fromAddress: move.from,
    toAddress: move.to,
    valueWei: move.valueWei,
    status: move.succeeded ? 'success' : 'failed',
  }));
}

/**
 * Writes the moves of product smart accounts, and every move to an address of `alsoTo`; the same position again
 * (indexed twice) updates in place.
 */
async function upsertMoves(
  tx: Tx,
  chainId: number,
  block: BlockHeader,
  moves: readonly ValueMove[],
  alsoTo: readonly string[] = [],
) {
  const accounts = await smartAccountsAmong(
    tx,
    moves.flatMap((move) => [move.from, move.to]),
  );
  const ours = moves.filter(
    (move) => accounts.has(move.from) || accounts.has(move.to) || alsoTo.includes(move.to),
  );
  if (ours.length === 0) return 0;
  await tx
    .insert(nativeTransfers)
    .values(toRows(chainId, block, ours))
    .onConflictDoUpdate({
      target: [nativeTransfers.chainId, nativeTransfers.txHash, nativeTransfers.traceAddress],
      set: {
        blockNumber: sql`excluded.block_number`,
        blockHash: sql`excluded.block_hash`,
        blockTime: sql`excluded.block_time`,
        txIndex: sql`excluded.tx_index`,
        status: sql`excluded.status`,
      },
    });
  return ours.length;
}

/**
 * Refuses to write once this node no longer holds the indexer's lease (a paused holder whose lease another node
 * took): the lease row is locked until the transaction ends, so no new holder can take it in between.
 */
async function assertLeaseHeld(tx: Tx, lease: HeldLease): Promise<void> {
  const held = await tx
    .select({ name: leases.name })
    .from(leases)
    .where(
      and(
        eq(leases.name, lease.name),
        eq(leases.holder, lease.holder),
        eq(leases.token, lease.token),
        sql`${leases.expiresAt} > now()`,
      ),
    )
    .for('share');
  if (held.length === 0) throw new LeaseLostError(lease.name);
}

export class LeaseLostError extends Error {
  constructor(name: string) {
    super(`lease ${name} is no longer held by this node`);
  }
}

/**
 * Takes in one block: its smart accounts' moves (and moves to `alsoTo`) and the block row (the new position), in one transaction. Rows at
 * this height from another block (written ahead by `recordTransaction` before a reorg) are removed first.
 */
export async function recordBlock(
  db: Database,
  lease: HeldLease,
  chainId: number,
  block: BlockHeader,
  moves: readonly ValueMove[],
  alsoTo: readonly string[] = [],
): Promise<number> {
  return db.transaction(async (tx) => {
    await assertLeaseHeld(tx, lease);
    await tx
      .delete(nativeTransfers)
      .where(
        and(
          eq(nativeTransfers.chainId, chainId),
          eq(nativeTransfers.blockNumber, block.number),
          ne(nativeTransfers.blockHash, block.hash),
        ),
      );
    const written = await upsertMoves(tx, chainId, block, moves, alsoTo);
    await tx.insert(indexedBlocks).values({
      chainId,
      number: block.number,
      hash: block.hash,
      parentHash: block.parentHash,
      blockTime: block.time,
    });
    return written;
  });
}

/** Undoes block `number` and everything after it (a reorganisation removed them). */
export async function undoFrom(db: Database, lease: HeldLease, chainId: number, number: bigint) {
  return db.transaction(async (tx) => {
    await assertLeaseHeld(tx, lease);
    const removed = await tx
      .delete(nativeTransfers)
      .where(and(eq(nativeTransfers.chainId, chainId), gte(nativeTransfers.blockNumber, number)))
      .returning({ id: nativeTransfers.id });
    await tx
      .delete(indexedBlocks)
      .where(and(eq(indexedBlocks.chainId, chainId), gte(indexedBlocks.number, number)));
    return removed.length;
  });
}

/**
 * Writes one mined transaction's moves at once (POST /transaction/process/...), ahead of the indexer. Safe on any
 * node: the indexer reaching that block writes the same positions again, or removes them if the block changed.
 */
export async function recordTransaction(
  db: Database,
  chainId: number,
  block: BlockHeader,
  moves: readonly ValueMove[],
): Promise<number> {
  return db.transaction((tx) => upsertMoves(tx, chainId, block, moves));
}
