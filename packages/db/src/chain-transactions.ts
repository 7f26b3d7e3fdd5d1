import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from './client';
import {
  type ChainTransaction,
  chainTransactions,
  type NewChainTransaction,
  signerNonces,
} from './schema/chain-transactions';
import { jobs } from './schema/jobs';

/**
 * One nonce sequence per signing key and chain, shared by every node (ARCHITECTURE.md (Production and scale)), and the record of
 * each signed transaction. The chain writer (apps/api/src/modules/chain) reads the chain, signs, and calls these;
 * the database decides which nonce a write gets, so two nodes never sign with the same one.
 */

export interface SignerKey {
  chainId: number;
  /** The signing address (any casing; stored lower-case). */
  address: string;
}

/**
 * Takes the next nonce of `key` in one statement: the stored counter, raised to `chainPendingNonce` when the chain
 * is ahead (the key was used elsewhere, or the database is newer than the chain's history), then advanced by one.
 * The row lock of the upsert serialises concurrent callers on every node.
 */
export async function allocateNonce(
  db: Database | Transaction,
  key: SignerKey,
  chainPendingNonce: bigint,
): Promise<bigint> {
  const rows = await queryRows<{ nonce: string }>(
    db,
    sql`insert into ${signerNonces} as s (chain_id, address, next_nonce, updated_at)
        values (${key.chainId}, ${key.address.toLowerCase()}, ${chainPendingNonce + 1n}, now())
        on conflict (chain_id, address) do update
          set next_nonce = greatest(s.next_nonce, ${chainPendingNonce}) + 1, updated_at = now()
        returning (next_nonce - 1)::text as nonce`,
  );
  const nonce = rows[0]?.nonce;
  if (nonce === undefined) throw new Error('allocateNonce returned no row');
  return BigInt(nonce);
}

/** The active (not abandoned) transaction of a write, or undefined when it has none yet. */
export async function findChainTransaction(
  db: Database | Transaction,
  key: string,
): Promise<ChainTransaction | undefined> {
  const [row] = await db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.key, key), ne(chainTransactions.status, 'abandoned')));
  return row;
}

export type PreparedTransaction = Omit<
  NewChainTransaction,
  'id' | 'nonce' | 'status' | 'hashes' | 'rawTransaction' | 'createdAt' | 'updatedAt'
>;

/**
 * Records the write `draft.key` with a freshly allocated nonce and the transaction `sign` makes with it, in one
 * database transaction: a nonce is never handed out without the signed bytes that use it being stored. When the
 * write already has an active transaction (a resumed job), answers that one and allocates nothing.
 */
export async function prepareChainTransaction(
  db: Database,
  draft: PreparedTransaction,
  chainPendingNonce: bigint,
  sign: (nonce: bigint) => Promise<{ rawTransaction: string; hash: string }>,
): Promise<{ transaction: ChainTransaction; isNew: boolean }> {
  return db.transaction(async (tx) => {
    // Serialise writers of one key (two holders of one job after a lease take-over) before looking.
    await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`chain-write:${draft.key}`}))`);
    const existing = await findChainTransaction(tx, draft.key);
    if (existing) return { transaction: existing, isNew: false };
    const from = draft.fromAddress.toLowerCase();
    const nonce = await allocateNonce(tx, { chainId: draft.chainId, address: from }, chainPendingNonce);
    const signed = await sign(nonce);
    const [row] = await tx
      .insert(chainTransactions)
      .values({
        ...draft,
        fromAddress: from,
        nonce,
        rawTransaction: signed.rawTransaction,
        hashes: [signed.hash],
        status: 'prepared',
      })
      .returning();
    if (!row) throw new Error(`chain transaction ${draft.key} was not recorded`);
    return { transaction: row, isNew: true };
  });
}

/** The same nonce signed again (higher fees): the new bytes replace the stored ones, the hash joins the list. */
export async function recordReplacement(
  db: Database,
  id: string,
  replacement: { rawTransaction: string; hash: string; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<ChainTransaction> {
  const [row] = await db
    .update(chainTransactions)
    .set({
      rawTransaction: replacement.rawTransaction,
      hashes: sql`array_append(${chainTransactions.hashes}, ${replacement.hash})`,
      maxFeePerGas: replacement.maxFeePerGas,
      maxPriorityFeePerGas: replacement.maxPriorityFeePerGas,
      updatedAt: sql`now()`,
    })
    .where(eq(chainTransactions.id, id))
    .returning();
  if (!row) throw new Error(`chain transaction ${id} not found`);
  return row;
}

/** The node accepted the bytes (or already had them). */
export async function recordSent(db: Database, id: string): Promise<void> {
  await db
    .update(chainTransactions)
    .set({ status: 'sent', sentAt: sql`coalesce(${chainTransactions.sentAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(chainTransactions.id, id), eq(chainTransactions.status, 'prepared')));
}

/** A receipt for one of the write's hashes: the write is done (successfully or reverted). */
export async function recordMined(
  db: Database | Transaction,
  id: string,
  receipt: {
    hash: string;
    blockNumber: bigint;
    gasUsed: bigint;
    effectiveGasPrice: bigint;
    reverted: boolean;
  },
): Promise<ChainTransaction> {
  const [row] = await db
    .update(chainTransactions)
    .set({
      status: 'mined',
      minedHash: receipt.hash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
      reverted: receipt.reverted,
      minedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(chainTransactions.id, id))
    .returning();
  if (!row) throw new Error(`chain transaction ${id} not found`);
  return row;
}

/**
 * The nonce of this transaction was used by another transaction of the key (none of its own hashes was mined):
 * set it aside, so the write prepares again with a new nonce.
 */
export async function abandonChainTransaction(db: Database, id: string): Promise<void> {
  await db
    .update(chainTransactions)
    .set({ status: 'abandoned', updatedAt: sql`now()` })
    .where(and(eq(chainTransactions.id, id), ne(chainTransactions.status, 'mined')));
}

/**
 * Unmined transactions of `key` with nonces in [fromNonce, toNonce) that nobody will send again: their job has
 * ended (or they have none) and they have not changed for `idleMs`. A nonce of the key that stays unused blocks
 * every later one, so the writer fills these with a no-op.
 */
export async function findOrphanedNonces(
  db: Database,
  key: SignerKey,
  range: { fromNonce: bigint; toNonce: bigint; idleMs: number },
): Promise<ChainTransaction[]> {
  const rows = await db
    .select({ transaction: chainTransactions })
    .from(chainTransactions)
    .leftJoin(jobs, eq(jobs.id, chainTransactions.jobId))
    .where(
      and(
        eq(chainTransactions.chainId, key.chainId),
        eq(chainTransactions.fromAddress, key.address.toLowerCase()),
        inArray(chainTransactions.status, ['prepared', 'sent']),
        gte(chainTransactions.nonce, range.fromNonce),
        lt(chainTransactions.nonce, range.toNonce),
        sql`(${jobs.id} is null or ${jobs.state} in ('succeeded', 'failed'))`,
        sql`${chainTransactions.updatedAt} < now() - ${range.idleMs} * interval '1 millisecond'`,
      ),
    )
    .orderBy(chainTransactions.nonce);
  return rows.map((row) => row.transaction);
}
