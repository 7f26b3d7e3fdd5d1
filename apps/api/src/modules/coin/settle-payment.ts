import type { Database, Transaction } from '@ojo/db/client';
import { credit } from '@ojo/db/ledger';
import { type CoinOrder, coinOrders, coinPayments } from '@ojo/db/schema/coin';
import { and, eq, sql } from '@ojo/db/sql';
import { orderIdOfCallData } from '@ojo/domain/coin/withdraw-limits';
import { type Hex, type PublicClient, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem';
import { addPurchase } from './cost-basis';
import { recordRefund } from './record-refund';

/** What settling one transaction found. */
export type PaymentOutcome =
  /** Not mined (yet), or no longer on the chain (removed by a reorganisation). */
  | { status: 'not_mined' }
  /** It pays nothing to the receipt address: not a coin payment. */
  | { status: 'none' }
  /** Waiting for its confirmations: valid payments' orders approved, refunds decided once it has them. */
  | { status: 'pending'; orderIds: string[] }
  | { status: 'credited'; orderIds: string[] }
  /** Nothing credited; the value of each payment that moved any is refunded (`reason`: the first one's). */
  | { status: 'rejected'; reason: string };

export interface SettleOptions {
  db: Database;
  client: PublicClient;
  chainId: number;
  receiptAddress: string;
  confirmations: number;
  /** Tells this node's job runner a refund was enqueued (it polls anyway). */
  wake?: () => void;
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
  /** Its position in the call tree as the chain index writes it: '' for the transaction itself, '0.1' nested. */
  traceAddress: string;
}

function paymentsInTree(root: CallFrame, receipt: string): Payment[] {
  const found: Payment[] = [];
  const walk = (frame: CallFrame, position: number[], parentFailed: boolean) => {
    const failed = parentFailed || frame.error !== undefined;
    const value = frame.value ? BigInt(frame.value) : 0n;
    if (frame.type.toUpperCase() === 'CALL' && frame.to?.toLowerCase() === receipt && value > 0n) {
      found.push({
        from: frame.from.toLowerCase(),
        valueWei: value,
        input: (frame.input ?? '0x').toLowerCase(),
        succeeded: !failed,
        traceAddress: position.join('.'),
      });
    }
    (frame.calls ?? []).forEach((child, i) => {
      walk(child, [...position, i], failed);
    });
  };
  walk(root, [], false);
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

/** What one payment of a transaction came to. */
type Verdict =
  | { kind: 'credited'; orderId: string }
  | { kind: 'pending'; orderId: string }
  /** To be refunded once the payment has its confirmations (a reorganisation may still remove it). */
  | { kind: 'wait' }
  | { kind: 'refunded'; reason: string; orderId: string | null }
  /** Its call reverted: no value moved. */
  | { kind: 'reverted'; orderId: string | null };

interface Mined {
  chainId: number;
  hash: Hex;
  minedAt: Date;
  confirmed: boolean;
}

/**
 * Verifies one transaction as a payment for coin orders, credits each paid order once, and records a refund of
 * every value that bought nothing. A payment counts when the transaction is mined on this chain with status
 * success, one of its calls (not reverted) sends native ETH from the order's smart account to the receipt address
 * with the order id as call data, the value is at least the quote, it was mined before the quote ran out, and it
 * has the configured confirmations. The excess above the quote, and every other value move to the receipt address
 * (no or an unknown order id, another account's order, an order paid already or closed, late, short, a plain
 * transfer), is refunded to its sender by the `coin.payment-refund` job once it has its confirmations. The credit,
 * the order's `done` and the refund rows are one transaction with the order row locked; the ledger key
 * `coin:order:<id>` and the refund's unique position make a second credit or refund impossible however many times
 * (and on however many nodes) the hash is reported.
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
    traceAddress: '',
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
  const mined: Mined = {
    chainId,
    hash,
    minedAt: new Date(Number(block.timestamp) * 1000),
    confirmed: head - receipt.blockNumber >= BigInt(confirmations),
  };

  const credited: string[] = [];
  const pending: string[] = [];
  let waiting = false;
  let rejection: { reason: string; orderId: string | null } | undefined;
  // Orders this transaction paid: a later payment of the same order in it is a second payment (refunded).
  const paidHere = new Set<string>();
  for (const payment of payments) {
    const verdict = await db.transaction(async (tx) => {
      const judged = await judgePayment(tx, payment, mined, paidHere);
      if (judged.kind === 'refunded') {
        await recordRefund(tx, {
          chainId,
          txHash: hash,
          traceAddress: payment.traceAddress,
          fromAddress: payment.from,
          amountWei: payment.valueWei,
          reason: judged.reason,
          orderId: judged.orderId,
        });
      }
      return judged;
    });
    if (verdict.kind === 'credited') credited.push(verdict.orderId);
    else if (verdict.kind === 'pending') pending.push(verdict.orderId);
    else if (verdict.kind === 'wait') waiting = true;
    else if (verdict.kind === 'refunded') rejection ??= verdict;
    else rejection ??= { reason: 'reverted', orderId: verdict.orderId };
  }
  if (rejection || credited.length > 0) options.wake?.();
  if (credited.length > 0) {
    await recordPayment(db, chainId, hash, 'credited', { orderId: credited[0] });
    return { status: 'credited', orderIds: credited };
  }
  if (pending.length > 0 || waiting) {
    await recordPayment(db, chainId, hash, 'pending', { orderId: pending[0] });
    return { status: 'pending', orderIds: pending };
  }
  const reason = rejection?.reason ?? 'not a payment';
  await recordPayment(db, chainId, hash, 'rejected', { orderId: rejection?.orderId ?? null, reason });
  return { status: 'rejected', reason };
}

/**
 * Decides one payment with its order row locked (in `tx`): credits the order (and records the refund of any excess
 * above the quote), marks it approved while it waits for confirmations, or answers why its value is refunded. A
 * refund is decided only once the payment has its confirmations.
 */
async function judgePayment(
  tx: Transaction,
  payment: Payment,
  mined: Mined,
  paidHere: Set<string>,
): Promise<Verdict> {
  const orderId = orderIdOfCallData(payment.input);
  if (!payment.succeeded) return { kind: 'reverted', orderId };
  const refund = (reason: string, refundOrderId: string | null): Verdict =>
    mined.confirmed ? { kind: 'refunded', reason, orderId: refundOrderId } : { kind: 'wait' };
  if (!orderId) return refund('no order id in the call data', null);
  const [order] = await tx.select().from(coinOrders).where(eq(coinOrders.id, orderId)).for('update');
  if (!order) return refund('unknown order', null);
  // Another player's order named in this player's payment: nothing changes for that order.
  if (order.payerAddress !== payment.from) return refund('paid by another account', null);
  if (order.state === 'done') {
    if (order.txHash !== mined.hash || paidHere.has(orderId)) return refund('order paid already', orderId);
    // Settled again: this payment is the one that paid it.
    paidHere.add(orderId);
    await refundExcess(tx, payment, order, mined);
    return { kind: 'credited', orderId };
  }
  const open = PAYABLE.includes(order.state as (typeof PAYABLE)[number]);
  if (!open && order.state !== 'rejected') return refund(`order ${order.state}`, orderId);
  const tooLittle = payment.valueWei < order.quoteWei;
  const late = mined.minedAt.getTime() > order.expiresAt.getTime();
  if (tooLittle || late) {
    if (!mined.confirmed) return { kind: 'wait' };
    const reason = tooLittle ? 'paid less than the quote' : 'paid after the quote ran out';
    if (order.state !== 'rejected') {
      await tx
        .update(coinOrders)
        .set({ state: 'rejected', txHash: mined.hash, reason, updatedAt: new Date() })
        .where(eq(coinOrders.id, order.id));
    }
    return refund(reason, orderId);
  }
  if (order.state === 'rejected') return refund('order rejected', orderId);
  if (!mined.confirmed) {
    await tx
      .update(coinOrders)
      .set({ state: 'approved', txHash: mined.hash, updatedAt: new Date() })
      .where(eq(coinOrders.id, order.id));
    return { kind: 'pending', orderId };
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
    .set({ state: 'done', txHash: mined.hash, reason: null, updatedAt: new Date() })
    .where(eq(coinOrders.id, order.id));
  paidHere.add(orderId);
  await refundExcess(tx, payment, order, mined);
  return { kind: 'credited', orderId };
}

/** The value a credited payment sent above its order's quote goes back to the payer. */
async function refundExcess(tx: Transaction, payment: Payment, order: CoinOrder, mined: Mined) {
  const excess = payment.valueWei - order.quoteWei;
  if (excess <= 0n) return;
  await recordRefund(tx, {
    chainId: mined.chainId,
    txHash: mined.hash,
    traceAddress: payment.traceAddress,
    fromAddress: payment.from,
    amountWei: excess,
    reason: 'paid more than the quote',
    orderId: order.id,
  });
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
