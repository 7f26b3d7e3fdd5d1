import type { Database } from '@ojo/db/client';
import { credit } from '@ojo/db/ledger';
import { coinOrders, coinPayments } from '@ojo/db/schema/coin';
import { and, eq, sql } from '@ojo/db/sql';
import { orderIdOfCallData } from '@ojo/domain/coin/withdraw-limits';
import { type Hex, type PublicClient, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem';
import { addPurchase } from './cost-basis';

/** What settling one transaction found. */
export type PaymentOutcome =
  /** Not mined (yet), or no longer on the chain (removed by a reorganisation). */
  | { status: 'not_mined' }
  /** It pays nothing to the receipt address: not a coin payment. */
  | { status: 'none' }
  /** Valid, waiting for its confirmations: the order is approved. */
  | { status: 'pending'; orderIds: string[] }
  | { status: 'credited'; orderIds: string[] }
  | { status: 'rejected'; reason: string };

export interface SettleOptions {
  db: Database;
  client: PublicClient;
  chainId: number;
  receiptAddress: string;
  confirmations: number;
}

interface CallFrame {
  type: string;
  from: Hex;
  to?: Hex;
  value?: Hex;
  input?: Hex;
  error?: string;
  calls?: CallFrame[];
}

/** A value move to the receipt address with its call data, from the call tree (or the transaction itself). */
export interface Payment {
  from: string;
  valueWei: bigint;
  input: string;
  succeeded: boolean;
}

function paymentsInTree(root: CallFrame, receipt: string): Payment[] {
  const found: Payment[] = [];
  const walk = (frame: CallFrame, parentFailed: boolean) => {
    const failed = parentFailed || frame.error !== undefined;
    const value = frame.value ? BigInt(frame.value) : 0n;
    if (frame.type.toUpperCase() === 'CALL' && frame.to?.toLowerCase() === receipt && value > 0n) {
      found.push({
        from: frame.from.toLowerCase(),
        valueWei: value,
        input: (frame.input ?? '0x').toLowerCase(),
        succeeded: !failed,
      });
    }
    for (const child of frame.calls ?? []) walk(child, failed);
  };
  walk(root, false);
  return found;
}

export async function tracePayments(
  client: PublicClient,
  hash: Hex,
  receipt: string,
  fallback: Payment,
): Promise<Payment[]> {
  try {
    const tree = (await (
      client.request as unknown as (args: { method: string; params: unknown[] }) => Promise<unknown>
    )({
      method: 'debug_traceTransaction',
      params: [hash, { tracer: 'callTracer' }],
    })) as CallFrame;
    return paymentsInTree(tree, receipt);
  } catch {
    // A node without the call tracer: only the transaction's own value counts.
    return fallback.valueWei > 0n ? [fallback] : [];
  }
}

async function recordPayment(
  db: Database,
  chainId: number,
  txHash: string,
  status: 'pending' | 'credited' | 'rejected',
  values: { orderId?: string | null; reason?: string | null },
) {
  await db
    .insert(coinPayments)
    .values({ chainId, txHash, status, orderId: values.orderId ?? null, reason: values.reason ?? null })
    .onConflictDoUpdate({
      target: [coinPayments.chainId, coinPayments.txHash],
      set: {
        status: sql`case when ${coinPayments.status} = 'credited' then ${coinPayments.status} else excluded.status end`,
        orderId: sql`coalesce(excluded.order_id, ${coinPayments.orderId})`,
        reason: sql`case when ${coinPayments.status} = 'credited' then ${coinPayments.reason} else excluded.reason end`,
        checkedAt: sql`now()`,
      },
    });
}

/** States an order can still be paid in (a payment mined before the quote ran out counts even if found late). */
const PAYABLE = ['created', 'approved', 'system_cancelled'] as const;

/**
 * Verifies one transaction as a payment for coin orders and credits each paid order once. A payment counts when
 * the transaction is mined on this chain with status success, one of its calls (not reverted) sends native ETH
 * from the order's smart account to the receipt address with the order id as call data, the value is at least the
 * quote, it was mined before the quote ran out, and it has the configured confirmations. The credit, the order's
 * `done` and the payment row are one transaction with the order row locked; the ledger key `coin:order:<id>` makes a
 * second credit impossible however many times (and on however many nodes) the hash is reported.
 */
export async function settlePayment(options: SettleOptions, txHash: Hex): Promise<PaymentOutcome> {
  const { db, client, chainId, confirmations } = options;
  const receiptAddress = options.receiptAddress.toLowerCase();
  const hash = txHash.toLowerCase() as Hex;
  let receipt: Awaited<ReturnType<PublicClient['getTransactionReceipt']>>;
  let transaction: Awaited<ReturnType<PublicClient['getTransaction']>>;
  try {
    [receipt, transaction] = await Promise.all([
      client.getTransactionReceipt({ hash }),
      client.getTransaction({ hash }),
    ]);
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError) {
      return { status: 'not_mined' };
    }
    throw error;
  }
  if (transaction.chainId !== undefined && transaction.chainId !== chainId) return { status: 'none' };
  const payments = await tracePayments(client, hash, receiptAddress, {
    from: transaction.from.toLowerCase(),
    valueWei: transaction.to?.toLowerCase() === receiptAddress ? transaction.value : 0n,
    input: transaction.input.toLowerCase(),
    succeeded: receipt.status === 'success',
  });
  if (payments.length === 0) return { status: 'none' };
  if (receipt.status !== 'success') {
    await recordPayment(db, chainId, hash, 'rejected', { reason: 'reverted' });
    return { status: 'rejected', reason: 'reverted' };
  }
  const [head, block] = await Promise.all([
    client.getBlockNumber(),
    client.getBlock({ blockHash: receipt.blockHash }),
  ]);
  const minedAt = new Date(Number(block.timestamp) * 1000);
  const confirmed = head - receipt.blockNumber >= BigInt(confirmations);

  const credited: string[] = [];
  const pending: string[] = [];
  let rejection: { reason: string; orderId: string | null } | undefined;
  for (const payment of payments) {
    const orderId = orderIdOfCallData(payment.input);
    if (!payment.succeeded) {
      rejection ??= { reason: 'reverted', orderId };
      continue;
    }
    if (!orderId) {
      rejection ??= { reason: 'no order id in the call data', orderId: null };
      continue;
    }
    const outcome = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(coinOrders).where(eq(coinOrders.id, orderId)).for('update');
      if (!order) return { rejected: 'unknown order', orderId: null };
      // Another player's order named in this player's payment: nothing changes for either.
      if (order.payerAddress !== payment.from) return { rejected: 'paid by another account', orderId: null };
      if (order.state === 'done') {
        return order.txHash === hash ? { credited: true } : { rejected: 'order paid already', orderId };
      }
      const mine = PAYABLE.includes(order.state as (typeof PAYABLE)[number]) || order.state === 'rejected';
      if (!mine) return { rejected: `order ${order.state}`, orderId };
      const tooLittle = payment.valueWei < order.quoteWei;
      const late = minedAt.getTime() > order.expiresAt.getTime();
      if (tooLittle || late) {
        const reason = tooLittle ? 'paid less than the quote' : 'paid after the quote ran out';
        if (order.state !== 'rejected') {
          await tx
            .update(coinOrders)
            .set({ state: 'rejected', txHash: hash, reason, updatedAt: new Date() })
            .where(eq(coinOrders.id, order.id));
        }
        return { rejected: reason, orderId };
      }
      if (order.state === 'rejected') return { rejected: 'order rejected', orderId };
      if (!confirmed) {
        await tx
          .update(coinOrders)
          .set({ state: 'approved', txHash: hash, updatedAt: new Date() })
          .where(and(eq(coinOrders.id, order.id)));
        return { pending: true };
      }
      const credited = await credit(tx, {
        userId: order.userId,
        asset: 'OJO',
        amount: order.baseQty,
        reason: 'coin.order',
        idempotencyKey: `coin:order:${order.id}`,
      });
      // The OJO bought carries what it cost: a redemption of it never pays more.
      if (credited.isNew) await addPurchase(tx, order.userId, order.baseQty, order.quoteWei);
      await tx
        .update(coinOrders)
        .set({ state: 'done', txHash: hash, reason: null, updatedAt: new Date() })
        .where(eq(coinOrders.id, order.id));
      return { credited: true };
    });
    if ('credited' in outcome) credited.push(orderId);
    else if ('pending' in outcome) pending.push(orderId);
    else rejection ??= { reason: outcome.rejected, orderId: outcome.orderId };
  }
  if (credited.length > 0) {
    await recordPayment(db, chainId, hash, 'credited', { orderId: credited[0] });
    return { status: 'credited', orderIds: credited };
  }
  if (pending.length > 0) {
    await recordPayment(db, chainId, hash, 'pending', { orderId: pending[0] });
    return { status: 'pending', orderIds: pending };
  }
  const reason = rejection?.reason ?? 'not a payment';
  await recordPayment(db, chainId, hash, 'rejected', { orderId: rejection?.orderId ?? null, reason });
  return { status: 'rejected', reason };
}

/**
 * A payment that waited for confirmations and is no longer on the chain (a reorganisation removed it): its order
 * goes back to created, so the player can pay again, and the payment row is dropped.
 */
export async function forgetRemovedPayment(db: Database, chainId: number, txHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(coinOrders)
      .set({ state: 'created', txHash: null, updatedAt: new Date() })
      .where(and(eq(coinOrders.txHash, txHash), eq(coinOrders.state, 'approved')));
    await tx
      .delete(coinPayments)
      .where(
        and(
          eq(coinPayments.chainId, chainId),
          eq(coinPayments.txHash, txHash),
          eq(coinPayments.status, 'pending'),
        ),
      );
  });
}
