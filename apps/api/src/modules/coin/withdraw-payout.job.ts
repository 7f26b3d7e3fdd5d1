import type { Transaction } from '@ojo/db/client';
import { enqueueJob } from '@ojo/db/jobs';
import { chainTransactions } from '@ojo/db/schema/chain-transactions';
import { type CoinWithdraw, coinWithdraws } from '@ojo/db/schema/coin';
import { and, eq, ne } from '@ojo/db/sql';
import type { FastifyBaseLogger } from 'fastify';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { PermanentJobError } from '../../jobs/errors';
import { createChainWriter } from '../chain/chain-writer';
import { refundWithdraw } from './cancel-withdraw';
import { treasuryKey } from './receipt-address';

export const WITHDRAW_PAYOUT_JOB = 'coin.withdraw-payout';

/** The chain writer's key of a redemption's ETH transfer (one active transaction per key). */
export const payoutWriteKey = (withdrawId: bigint | string) =>
  `${WITHDRAW_PAYOUT_JOB}:${withdrawId}:transfer`;

/** How long a redemption whose transfer may still be mined waits before the payout job looks at it again. */
export const PAYOUT_RECHECK_MS = 5 * 60_000;

/**
 * Failures after which no ETH left the treasury for this redemption: the transfer reverted, or its nonce was mined
 * by another transaction (the writer's no-op filling a nonce its job left unsent).
 */
const NOT_PAID_CODES = new Set(['PAYOUT_REVERTED', 'PAYOUT_REPLACED']);

/**
 * Pays a redemption in ETH from the treasury (ARCHITECTURE.md (Production and scale): a chain write is a durable job through the
 * chain writer, one nonce sequence per key; the treasury's key is its own sequence unless it is the API's key).
 * First, with the row locked, it marks the payout started (from then on no cancel), unless the redemption was
 * cancelled. The write's key names the redemption, so a job resumed after a crash (SIGKILL included) finds the
 * transaction it signed and sends or waits for that one: it pays once. Mined: FINISHED with the hash. Reverted, or
 * its nonce mined by another transaction: FAILED, and the OJO given back in the same transaction. Out of attempts
 * (RPC errors, timeouts): FAILED with the OJO back only when nothing was ever signed for it; a signed transfer may
 * still be mined, so the redemption stays PENDING (payout started, not cancellable), an error is logged and the job
 * runs again later to find it mined (FINISHED with the hash) or its nonce taken (refund).
 */
export const withdrawPayoutJob = defineJob({
  kind: WITHDRAW_PAYOUT_JOB,
  payload: z.object({ withdrawId: z.string().regex(/^\d+$/) }),
  maxAttempts: 8,
  backoff: { baseMs: 1000, maxMs: 30_000 },
  async handle({ payload, job, deps, signal, log }) {
    const id = BigInt(payload.withdrawId);
    const row = await deps.db.transaction(async (tx) => {
      const [found] = await tx.select().from(coinWithdraws).where(eq(coinWithdraws.id, id)).for('update');
      if (found?.status !== 'PENDING') return found;
      if (found.payoutStartedAt) return found;
      const [started] = await tx
        .update(coinWithdraws)
        .set({ payoutStartedAt: new Date(), updatedAt: new Date() })
        .where(eq(coinWithdraws.id, id))
        .returning();
      return started;
    });
    if (row?.status !== 'PENDING') return { skipped: row?.status ?? 'missing' };
    const treasury = privateKeyToAccount(treasuryKey(deps.config));
    const writer =
      treasury.address === deps.chain.signer.address
        ? deps.chainWriter
        : createChainWriter({
            db: deps.db,
            chain: { ...deps.chain, signer: treasury },
            replaceAfterMs: deps.config.chainWrites.replaceAfterMs,
            log,
          });
    const mined = await writer.write(
      {
        key: payoutWriteKey(row.id),
        jobId: job.id,
        to: row.toAddress as `0x${string}`,
        data: '0x',
        value: row.payoutWei,
      },
      { signal },
    );
    if (mined.reverted) throw new PermanentJobError('PAYOUT_REVERTED', `payout ${mined.hash} reverted`);
    // The nonce's mined transaction may be the writer's no-op (it fills nonces a dead job left unsent): not a payout.
    const sent = await deps.chain.publicClient.getTransaction({ hash: mined.hash });
    if (sent.to?.toLowerCase() !== row.toAddress.toLowerCase() || sent.value !== row.payoutWei) {
      throw new PermanentJobError(
        'PAYOUT_REPLACED',
        `payout nonce mined by another transaction ${mined.hash}`,
      );
    }
    await deps.db
      .update(coinWithdraws)
      .set({ status: 'FINISHED', txHash: mined.hash, updatedAt: new Date() })
      .where(eq(coinWithdraws.id, id));
    return { txHash: mined.hash };
  },
  async onFailed(tx, payload, error, log) {
    const [row] = await tx
      .select()
      .from(coinWithdraws)
      .where(eq(coinWithdraws.id, BigInt(payload.withdrawId)))
      .for('update');
    if (row?.status !== 'PENDING') return;
    const [transfer] = await tx
      .select()
      .from(chainTransactions)
      .where(
        and(eq(chainTransactions.key, payoutWriteKey(row.id)), ne(chainTransactions.status, 'abandoned')),
      );
    const code = error instanceof PermanentJobError ? error.code : undefined;
    const notPaid = transfer?.status === 'mined' && code !== undefined && NOT_PAID_CODES.has(code);
    if (transfer && !notPaid) {
      await keepPendingPayout(tx, row, transfer.status, error, log);
      return;
    }
    await refundWithdraw(
      tx,
      row,
      'FAILED',
      error instanceof Error ? error.message.slice(0, 200) : 'payout failed',
    );
  },
});

/**
 * A signed transfer of `row` exists that is not known to have failed: giving the OJO back could pay the player
 * twice. The redemption stays PENDING for an operator (an error is logged) and the payout job runs again after
 * PAYOUT_RECHECK_MS: it finds the transfer mined (FINISHED with the hash) or its nonce taken (refund), or keeps
 * waiting.
 */
async function keepPendingPayout(
  tx: Transaction,
  row: CoinWithdraw,
  transferStatus: string,
  error: unknown,
  log: FastifyBaseLogger | undefined,
) {
  const runAt = new Date(Date.now() + PAYOUT_RECHECK_MS);
  await enqueueJob(tx, {
    kind: WITHDRAW_PAYOUT_JOB,
    key: `${WITHDRAW_PAYOUT_JOB}:${row.id}:recheck:${runAt.getTime()}`,
    payload: { withdrawId: row.id.toString() },
    runAt,
  });
  log?.error(
    { withdrawId: row.id.toString(), transferStatus, err: error },
    'payout failed after its transfer was signed; kept PENDING (no refund) until the transfer is found mined or replaced',
  );
}
