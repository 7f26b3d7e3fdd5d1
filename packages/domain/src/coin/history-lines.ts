import { formatAmount } from '../format/amount';

/**
 * How the coin screens word an order or a redemption in their histories. A sign is shown only for OJO that really
 * moved: an order adds OJO once paid (done); a redemption takes it while pending or paid, and a cancelled or failed
 * one gave it back, so it reads without a sign.
 */

export interface HistoryLine {
  /** '+10 OJO', '-10 OJO' or, when nothing moved, '10 OJO'. */
  amount: string;
  label: string;
}

const ORDER_LABELS: Record<string, string> = {
  created: 'Waiting for payment',
  approved: 'Confirming',
  done: 'Done',
  cancelled: 'Cancelled',
  system_cancelled: 'Expired',
  rejected: 'Rejected',
  refunded: 'Refunded',
};

/** An unpaid order whose quote ran out reads 'Expired' at once, before the watcher closes it. */
export function orderHistoryLine(
  order: { baseQty: string; state: string; expiresAt: number },
  nowMs: number,
): HistoryLine {
  const isExpired =
    order.state === 'system_cancelled' || (order.state === 'created' && order.expiresAt <= nowMs);
  const label = isExpired ? ORDER_LABELS.system_cancelled : (ORDER_LABELS[order.state] ?? order.state);
  const sign = order.state === 'done' ? '+' : '';
  return { amount: `${sign}${formatAmount(order.baseQty)} OJO`, label: label ?? order.state };
}

/** Whether the player may still pay this order: unpaid and its quote still held. */
export function isOrderPayable(order: { state: string; expiresAt: number }, nowMs: number): boolean {
  return order.state === 'created' && order.expiresAt > nowMs;
}

const RETURNED = new Set(['CANCELLED', 'FAILED']);

/** The status reads as the API names it (PENDING, FINISHED, FAILED, CANCELLED). */
export function redeemHistoryLine(item: { amount: string; status: string }): HistoryLine {
  const returned = RETURNED.has(item.status);
  return { amount: `${returned ? '' : '-'}${formatAmount(item.amount)} OJO`, label: item.status };
}
