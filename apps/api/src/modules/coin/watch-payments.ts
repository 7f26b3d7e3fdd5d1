import type { Database } from '@ojo/db/client';
import { coinOrders, coinPayments } from '@ojo/db/schema/coin';
import { nativeTransfers } from '@ojo/db/schema/wallet-index';
import { and, eq, isNull, lt, sql } from '@ojo/db/sql';
import type { Hex } from 'viem';
import { forgetRemovedPayment, type SettleOptions, settlePayment } from './settle-payment';

/** Grace after a quote ran out before an unpaid order is system_cancelled (a payment mined in time may be late). */
const EXPIRY_GRACE_MS = 5 * 60_000;

/**
 * One pass of the payment watcher (one node, under the `coin-payments` lease): payments to the receipt address the
 * chain index holds that nobody reported (a closed tab still gets its OJO), payments waiting for confirmations
 * (credited once they have them, forgotten when a reorganisation removed them), and unpaid orders whose quote ran
 * out (system_cancelled).
 */
export async function watchPayments(options: SettleOptions, nowMs: number): Promise<{ settled: number }> {
  const { db, chainId } = options;
  const receipt = options.receiptAddress.toLowerCase();
  const unreported = await db
    .selectDistinct({ txHash: nativeTransfers.txHash })
    .from(nativeTransfers)
    .leftJoin(
      coinPayments,
      and(eq(coinPayments.chainId, nativeTransfers.chainId), eq(coinPayments.txHash, nativeTransfers.txHash)),
    )
    .where(
      and(
        eq(nativeTransfers.chainId, chainId),
        eq(nativeTransfers.toAddress, receipt),
        eq(nativeTransfers.status, 'success'),
        isNull(coinPayments.txHash),
      ),
    )
    .limit(100);
  const pending = await db
    .select({ txHash: coinPayments.txHash })
    .from(coinPayments)
    .where(and(eq(coinPayments.chainId, chainId), eq(coinPayments.status, 'pending')))
    .limit(100);
  let settled = 0;
  for (const { txHash } of unreported) {
    await settlePayment(options, txHash as Hex);
    settled += 1;
  }
  for (const { txHash } of pending) {
    const outcome = await settlePayment(options, txHash as Hex);
    if (outcome.status === 'not_mined') await forgetRemovedPayment(db, chainId, txHash);
    settled += 1;
  }
  await expireOrders(db, nowMs);
  return { settled };
}

async function expireOrders(db: Database, nowMs: number) {
  await db
    .update(coinOrders)
    .set({ state: 'system_cancelled', updatedAt: sql`now()` })
    .where(and(eq(coinOrders.state, 'created'), lt(coinOrders.expiresAt, new Date(nowMs - EXPIRY_GRACE_MS))));
}
