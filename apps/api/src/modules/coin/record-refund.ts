import type { Transaction } from '@ojo/db/client';
import { enqueueJob } from '@ojo/db/jobs';
import { coinRefunds } from '@ojo/db/schema/coin';

export const PAYMENT_REFUND_JOB = 'coin.payment-refund';

/** ETH at one position of a transaction that bought nothing, to send back to whoever sent it. */
export interface RefundDue {
  chainId: number;
  txHash: string;
  /** The value move's position in the call tree, as the chain index writes it ('' for the transaction itself). */
  traceAddress: string;
  fromAddress: string;
  amountWei: bigint;
  reason: string;
  orderId: string | null;
}

/**
 * Records a refund once and enqueues its job, in the caller's transaction (the decision and the job commit
 * together). The unique (chain, tx hash, position) row and the job key make a second call (a re-settle, another
 * node settling the same hash at the same moment) change nothing.
 */
export async function recordRefund(tx: Transaction, due: RefundDue): Promise<void> {
  const [row] = await tx
    .insert(coinRefunds)
    .values({ ...due, fromAddress: due.fromAddress.toLowerCase() })
    .onConflictDoNothing({ target: [coinRefunds.chainId, coinRefunds.txHash, coinRefunds.traceAddress] })
    .returning({ id: coinRefunds.id });
  if (!row) return;
  await enqueueJob(tx, {
    kind: PAYMENT_REFUND_JOB,
    key: `${PAYMENT_REFUND_JOB}:${due.chainId}:${due.txHash}:${due.traceAddress}`,
    payload: { refundId: row.id.toString() },
  });
}
