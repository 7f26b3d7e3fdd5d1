import type { CoinHistoryItem } from '@ojo/api-contract/coin';
import { formatAmount } from '@ojo/domain/format/amount';
import { Spinner } from '@/components/ui/spinner';
import { useCoinHistories } from '../api/buy-ojo';
import { BUTTON, CARD } from './buy-ojo-screen';

const STATE_TEXT: Record<string, string> = {
  created: 'Waiting for payment',
  approved: 'Confirming',
  done: 'Done',
  cancelled: 'Cancelled',
  system_cancelled: 'Expired',
  rejected: 'Rejected',
  refunded: 'Refunded',
};

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

/** /game/coin-history: the player's OJO purchases, newest first, 20 a page. */
export function CoinHistoryScreen() {
  const histories = useCoinHistories(true);
  if (histories.isPending) return <Spinner label="Loading your purchases" />;
  const items = histories.data?.pages.flat() ?? [];
  if (items.length === 0) return <p className="text-slate-300">No historical record</p>;
  return (
    <div className={CARD}>
      <ul className="flex flex-col divide-y divide-white/10">
        {items.map((item) => (
          <li
            key={item.orderId}
            data-testid="coin-history-item"
            className="flex items-center justify-between gap-3 py-3"
          >
            <div>
              <p className="font-black text-white">+{formatAmount(item.baseQty)} OJO</p>
              <p className="text-xs text-slate-400">
                {formatAmount(item.quoteQty)} ETH · {new Date(item.created).toLocaleString()}
              </p>
              {item.refund ? <RefundLine refund={item.refund} /> : null}
            </div>
            <span data-testid="coin-history-state" className="text-sm font-bold text-slate-200">
              {STATE_TEXT[item.state] ?? item.state}
            </span>
          </li>
        ))}
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
