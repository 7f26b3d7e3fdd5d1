import type { WithdrawItem } from '@ojo/api-contract/coin';
import { redeemHistoryLine } from '@ojo/domain/coin/history-lines';
import { cancelRedeemErrorMessage } from '@ojo/domain/coin/redeem';
import { WITHDRAW_HISTORY_SCROLL_THRESHOLD_PX } from '@ojo/domain/constants';
import { formatAmount } from '@ojo/domain/format/amount';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { cancelWithdraw, useWithdraws } from '../api/redeem';
import { CARD } from './buy-ojo-screen';

/**
 * /game/redeem/history: the player's redemptions with their status, loading the next page when scrolled within
 * 100 px of the end (product.md 9), and Cancel on a pending one with product.md 8's three error texts.
 */
export function RedeemHistoryScreen() {
  const withdraws = useWithdraws(true);
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<string | null>(null);

  const cancel = async (item: WithdrawItem) => {
    setCancelling(item.id);
    try {
      await cancelWithdraw(item.id);
      toast.success(`Redeem cancelled: ${item.amount} OJO returned`);
    } catch (error) {
      toast.error(
        cancelRedeemErrorMessage({
          code: isApiError(error) ? error.code : undefined,
          isNetworkError:
            isApiError(error) && (error.kind === 'network' || error.code === NETWORK_ERROR_CODE),
        }),
      );
    } finally {
      setCancelling(null);
      void queryClient.invalidateQueries();
    }
  };

  if (withdraws.isPending) return <Spinner label="Loading your redeems" />;
  const items = withdraws.data?.pages.flat() ?? [];
  if (items.length === 0) return <p className="text-slate-300">No historical record</p>;
  return (
    <div
      data-testid="redeem-history-scroll"
      className={`${CARD} max-h-[70vh] overflow-y-auto`}
      onScroll={(event) => {
        const box = event.currentTarget;
        const left = box.scrollHeight - box.scrollTop - box.clientHeight;
        if (
          left <= WITHDRAW_HISTORY_SCROLL_THRESHOLD_PX &&
          withdraws.hasNextPage &&
          !withdraws.isFetchingNextPage
        ) {
          void withdraws.fetchNextPage();
        }
      }}
    >
      <ul className="flex flex-col divide-y divide-white/10">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="redeem-history-item"
            className="flex items-center justify-between gap-3 py-3"
          >
            <div>
              <p className="font-black text-white" data-testid="redeem-amount">
                {redeemHistoryLine(item).amount}
              </p>
              <p className="text-xs text-slate-400">
                <span data-testid="redeem-eth-amount">{formatAmount(item.ethAmount)}</span> ETH ·{' '}
                {new Date(item.created).toLocaleString()}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span data-testid="redeem-status" className="text-sm font-bold text-slate-200">
                {item.status}
              </span>
              {item.cancellable ? (
                <button
                  type="button"
                  className="rounded-xl border border-rose-300/40 px-3 py-1.5 text-xs font-bold uppercase text-rose-200"
                  disabled={cancelling === item.id}
                  onClick={() => void cancel(item)}
                >
                  Cancel
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {withdraws.isFetchingNextPage ? <Spinner label="Loading more" /> : null}
    </div>
  );
}
