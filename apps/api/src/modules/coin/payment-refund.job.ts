import type { Transaction } from '@ojo/db/client';
import { enqueueJob } from '@ojo/db/jobs';
import { chainTransactions } from '@ojo/db/schema/chain-transactions';
import { type CoinRefund, coinRefunds } from '@ojo/db/schema/coin';
import { and, eq, isNull, ne } from '@ojo/db/sql';
import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { defineJob, type JobDependencies } from '../../jobs/define-job';
import { PermanentJobError } from '../../jobs/errors';
import { createChainWriter } from '../chain/chain-writer';
import { treasuryKey } from './receipt-address';
import { PAYMENT_REFUND_JOB } from './record-refund';

/** The chain writer's key of a refund's ETH transfer (one active transaction per key: the refund is sent once). */
export const refundWriteKey = (refundId: bigint | string) => `${PAYMENT_REFUND_JOB}:${refundId}:transfer`;

/** How long a refund whose transfer may still be mined waits before the job looks at it again. */
export const REFUND_RECHECK_MS = 5 * 60_000;

/**
 * Sends ETH that bought nothing (a `coin_refunds` row, recorded by settle-payment.ts) back to its sender from the
 * treasury, less the gas of the refund transaction. The first run prices it once, with the row locked: gas is the
 * node's estimate of the transfer times the current max fee per gas; a refund not larger than its gas is kept
 * (status kept, with that note). The write's key names the refund, so a run resumed after a crash or on another
 * node finds the transaction it signed and sends or waits for that one: the sender is paid once. Mined: sent, with
 * its hash. Reverted, or its nonce mined by another transaction: failed, for an operator. Out of attempts with a
 * signed transfer that may still be mined: stays pending and is looked at again after REFUND_RECHECK_MS.
 */
export const paymentRefundJob = defineJob({
  kind: PAYMENT_REFUND_JOB,
  payload: z.object({ refundId: z.string().regex(/^\d+$/) }),
  maxAttempts: 8,
  backoff: { baseMs: 1000, maxMs: 30_000 },
  async handle({ payload, job, deps, signal, log }) {
    const id = BigInt(payload.refundId);
    const [found] = await deps.db.select().from(coinRefunds).where(eq(coinRefunds.id, id));
    if (found?.status !== 'pending') return { skipped: found?.status ?? 'missing' };
    const treasury = privateKeyToAccount(treasuryKey(deps.config));
    const row = found.refundWei === null ? await priceRefund(deps, found, treasury.address) : found;
    if (row.status !== 'pending' || row.refundWei === null) return { kept: row.note };
    const writer =
      treasury.address === deps.chain.signer.address
        ? deps.chainWriter
        : createChainWriter({
            db: deps.db,
            chain: { ...deps.chain, signer: treasury },
            replaceAfterMs: deps.config.chainWrites.replaceAfterMs,
            log,
          });
    const to = row.fromAddress as Address;
    const mined = await writer.write(
      { key: refundWriteKey(row.id), jobId: job.id, to, data: '0x', value: row.refundWei },
      { signal },
    );
    if (mined.reverted) throw new PermanentJobError('REFUND_REVERTED', `refund ${mined.hash} reverted`);
    // The nonce's mined transaction may be the writer's no-op (it fills nonces a dead job left unsent): not a refund.
    const sent = await deps.chain.publicClient.getTransaction({ hash: mined.hash });
    if (sent.to?.toLowerCase() !== to || sent.value !== row.refundWei) {
      throw new PermanentJobError(
        'REFUND_REPLACED',
        `refund nonce mined by another transaction ${mined.hash}`,
      );
    }
    await deps.db
      .update(coinRefunds)
      .set({ status: 'sent', refundTxHash: mined.hash, updatedAt: new Date() })
      .where(and(eq(coinRefunds.id, id), eq(coinRefunds.status, 'pending')));
    return { txHash: mined.hash, refundWei: row.refundWei.toString() };
  },
  async onFailed(tx, payload, error, log) {
    const [row] = await tx
      .select()
      .from(coinRefunds)
      .where(eq(coinRefunds.id, BigInt(payload.refundId)))
      .for('update');
    if (row?.status !== 'pending') return;
    const [transfer] = await tx
      .select()
      .from(chainTransactions)
      .where(
        and(eq(chainTransactions.key, refundWriteKey(row.id)), ne(chainTransactions.status, 'abandoned')),
      );
    const notSent = error instanceof PermanentJobError && transfer?.status === 'mined';
    if (transfer && !notSent) {
      await recheckLater(tx, row, transfer.status, error, log);
      return;
    }
    const note = error instanceof Error ? error.message.slice(0, 200) : 'refund failed';
    await tx
      .update(coinRefunds)
      .set({ status: 'failed', note, updatedAt: new Date() })
      .where(eq(coinRefunds.id, row.id));
    log?.error(
      { refundId: row.id.toString(), err: error },
      'coin refund failed; an operator must look at it',
    );
  },
});

/**
 * Fixes the refund's gas and value once (a resumed run reuses them, so the signed value never changes): gas is the
 * estimate of the transfer times the current max fee per gas. Not more than its gas: kept.
 */
async function priceRefund(deps: JobDependencies, row: CoinRefund, treasury: Address): Promise<CoinRefund> {
  const client = deps.chain.publicClient;
  const [gas, fees] = await Promise.all([
    client.estimateGas({ account: treasury, to: row.fromAddress as Address, value: row.amountWei }),
    client.estimateFeesPerGas(),
  ]);
  const gasWei = gas * fees.maxFeePerGas;
  const kept = row.amountWei <= gasWei;
  const [priced] = await deps.db
    .update(coinRefunds)
    .set(
      kept
        ? { status: 'kept', gasWei, note: 'smaller than the gas of its refund', updatedAt: new Date() }
        : { gasWei, refundWei: row.amountWei - gasWei, updatedAt: new Date() },
    )
    .where(and(eq(coinRefunds.id, row.id), eq(coinRefunds.status, 'pending'), isNull(coinRefunds.refundWei)))
    .returning();
  if (priced) return priced;
  // Priced meanwhile by a run that took the job over: its values stand.
  const [current] = await deps.db.select().from(coinRefunds).where(eq(coinRefunds.id, row.id));
  if (!current) throw new Error(`coin refund ${row.id} vanished`);
  return current;
}

/** A signed refund not known to have failed: marking it failed could pay twice later. Looked at again later. */
async function recheckLater(
  tx: Transaction,
  row: CoinRefund,
  transferStatus: string,
  error: unknown,
  log: FastifyBaseLogger | undefined,
) {
  const runAt = new Date(Date.now() + REFUND_RECHECK_MS);
  await enqueueJob(tx, {
    kind: PAYMENT_REFUND_JOB,
    key: `${PAYMENT_REFUND_JOB}:${row.id}:recheck:${runAt.getTime()}`,
    payload: { refundId: row.id.toString() },
    runAt,
  });
  log?.error(
    { refundId: row.id.toString(), transferStatus, err: error },
    'refund failed after its transfer was signed; kept pending until the transfer is found mined or replaced',
  );
}
