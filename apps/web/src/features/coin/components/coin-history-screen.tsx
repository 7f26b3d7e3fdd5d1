import type { CoinHistoryItem } from '@ojo/api-contract/coin';
import { isOrderPayable, orderHistoryLine } from '@ojo/domain/coin/history-lines';
import { orderIdCallData } from '@ojo/domain/coin/withdraw-limits';
import { formatAmount } from '@ojo/domain/format/amount';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Address } from 'viem';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/error-text';
import { cancelCoinOrder } from '../api/cancel-coin-order';
import { useCoinConfig } from '../api/get-coin-config';
import { useCoinHistories } from '../api/get-coin-histories';
import { coinKeys } from '../api/query-keys';
import { type OrderPayer, useOrderPayment } from '../hooks/use-order-payment';
import { BUTTON, CARD } from './buy-ojo-screen';

const SMALL_BUTTON =
  'rounded-xl px-3 py-1.5 text-xs font-bold uppercase disabled:cursor-not-allowed disabled:opacity-50';

/** The clock the rows are read at, ticking each second so a quote that runs out turns its row to Expired. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What happened to ETH sent back for the order: under the line, with the refund transaction's hash. */
function RefundLine({ refund }: { refund: NonNullable<CoinHistoryItem['refund']> }) {
  const amount = refund.amount === null ? '' : ` ${formatAmount(refund.amount)} ETH`;
  const text =
    refund.status === 'sent'
      ? `Refunded${amount}`
      : refund.status === 'kept'
        ? 'Not refunded: less than the gas of a refund'
        : refund.status === 'failed'
          ? 'Refund failed: support will contact you'
          : 'Refund on its way';
  return (
    <p data-testid="coin-history-refund" className="text-xs text-slate-400">
      {text} ({refund.reason})
      {refund.txHash ? (
        <>
          {' · '}
          <span data-testid="coin-history-refund-tx" className="break-all font-mono" title={refund.txHash}>
            {refund.txHash}
          </span>
        </>
      ) : null}
    </p>
  );
}

/**
 * /game/coin-history: the player's OJO purchases, newest first, 20 a page. An unpaid order can be paid while its
 * quote holds, and cancelled (ETH sent for it afterwards is refunded).
 */
export function CoinHistoryScreen({ account, payer }: { account: Address; payer: OrderPayer }) {
  const histories = useCoinHistories(true);
  const config = useCoinConfig();
  const queryClient = useQueryClient();
  const { isBusy, payOrder } = useOrderPayment(payer, account);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const now = useNow();

  const pay = (item: CoinHistoryItem) => {
    const receiptAddress = config.data?.receiptAddress;
    if (!receiptAddress) return;
    payOrder(async () => ({
      receiptAddress,
      quoteWei: item.quoteWei,
      callData: orderIdCallData(item.orderId),
    }));
  };
  const cancel = async (item: CoinHistoryItem) => {
    setCancelling(item.orderId);
    try {
      await cancelCoinOrder(item.orderId);
      toast.success(`Order of ${formatAmount(item.baseQty)} OJO cancelled`);
    } catch (error) {
      toast.error(apiErrorText(error, 'The order could not be cancelled. Please try again.'));
    } finally {
      setCancelling(null);
      void queryClient.invalidateQueries({ queryKey: coinKeys.histories() });
    }
  };

  if (histories.isPending) return <Spinner label="Loading your purchases" />;
  const items = histories.data?.pages.flat() ?? [];
  if (items.length === 0) return <p className="text-slate-300">No historical record</p>;
  return (
    <div className={CARD}>
      <ul className="flex flex-col divide-y divide-white/10">
        {items.map((item) => {
          const line = orderHistoryLine(item, now);
          const isUnpaid = item.state === 'created';
          return (
            <li
              key={item.orderId}
              data-testid="coin-history-item"
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <p className="font-black text-white" data-testid="coin-history-amount">
                  {line.amount}
                </p>
                <p className="text-xs text-slate-400">
                  {formatAmount(item.quoteQty)} ETH · {new Date(item.created).toLocaleString()}
                </p>
                {item.refund ? <RefundLine refund={item.refund} /> : null}
              </div>
              <div className="flex items-center gap-2">
                <span data-testid="coin-history-state" className="text-sm font-bold text-slate-200">
                  {line.label}
                </span>
                {isOrderPayable(item, now) ? (
                  <button
                    type="button"
                    className={`${SMALL_BUTTON} bg-lime text-arena-950`}
                    disabled={isBusy || !config.data}
                    onClick={() => pay(item)}
                  >
                    Pay
                  </button>
                ) : null}
                {isUnpaid ? (
                  <button
                    type="button"
                    className={`${SMALL_BUTTON} border border-rose-300/40 text-rose-200`}
                    disabled={isBusy || cancelling === item.orderId}
                    onClick={() => void cancel(item)}
                  >
                    Cancel
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {histories.hasNextPage ? (
        <button
          type="button"
          className={`${BUTTON} mt-4`}
          disabled={histories.isFetchingNextPage}
          onClick={() => void histories.fetchNextPage()}
        >
          Load more
        </button>
      ) : null}
    </div>
  );
}
