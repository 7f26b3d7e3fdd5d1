import type { TokenHistoryItem } from '@ojo/api-contract/wallet';
import { TOKEN_HISTORY_SCROLL_THRESHOLD_PX } from '@ojo/domain/constants';
import { formatApproxUsd } from '@ojo/domain/format/amount';
import { formatMonthDayTime } from '@ojo/domain/format/date';
import { WALLET_TEXT } from '@ojo/domain/messages';
import { capHistory, historyAmountView, isNearBottom } from '@ojo/domain/wallet/history';
import { useEffect, useRef } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useTokenHistories } from '../api/get-token-histories';

function HistoryRow({ item }: { item: TokenHistoryItem }) {
  const amount = historyAmountView(item);
  const isOut = amount.arrow === 'up';
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-white/5 py-3 last:border-b-0"
      data-testid="history-item"
    >
      <span
        className={`grid size-9 shrink-0 place-items-center rounded-full ${isOut ? 'bg-rose-400/15 text-rose-300' : 'bg-lime/15 text-lime'}`}
      >
        {isOut ? (
          <ArrowUpIcon className="size-4" aria-label="Outgoing" role="img" data-testid="arrow-up" />
        ) : (
          <ArrowDownIcon className="size-4" aria-label="Incoming" role="img" data-testid="arrow-down" />
        )}
      </span>
      {/* Never cut: on a narrow row a long amount moves under the description instead of squeezing it. */}
      <div className="min-w-24 flex-1">
        <p className="break-words font-bold text-white">{item.desc}</p>
        <p className="text-xs text-slate-400">{formatMonthDayTime(item.created)}</p>
      </div>
      <div className="ml-auto max-w-full text-right">
        <p
          className={`break-all font-mono text-sm font-bold ${isOut ? 'text-rose-200' : 'text-lime'}`}
          data-testid="history-amount"
        >
          {amount.text}
        </p>
        {item.formattedUsdAmount ? (
          <p className="text-xs text-slate-400">
            {formatApproxUsd(item.formattedUsdAmount.replace(/,/g, ''))}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * product.md 2 Wallet History: infinite scroll (product.md 9: next page within 50 px of the bottom, a short page is the last,
 * up to 100 records), the empty state with 'View more in Scan' to the explorer's address page, and the footer.
 */
export function HistoryList({ explorerUrl }: { explorerUrl: string }) {
  const histories = useTokenHistories({ enabled: true });
  const scroller = useRef<HTMLDivElement>(null);
  const items = capHistory(histories.data?.pages.flat() ?? []);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = histories;

  const loadMoreIfNear = () => {
    const element = scroller.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    if (isNearBottom(element, TOKEN_HISTORY_SCROLL_THRESHOLD_PX)) void fetchNextPage();
  };
  // A page that does not fill the box cannot be scrolled: load the next one as if the bottom were reached.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever the list grows.
  useEffect(loadMoreIfNear, [items.length, hasNextPage, isFetchingNextPage]);

  return (
    <section
      aria-labelledby="history-heading"
      className="flex min-w-0 flex-col rounded-3xl border border-white/10 bg-arena-900/70 p-6 shadow-2xl shadow-black/30 sm:p-8"
    >
      <h2 id="history-heading" className="mb-4 font-display text-2xl font-black uppercase italic text-white">
        History
      </h2>
      {histories.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner label="Loading your history" />
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-slate-300">{WALLET_TEXT.noHistory}</p>
          <a
            href={explorerUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-bold text-lime underline"
          >
            {WALLET_TEXT.viewMoreInScan}
          </a>
        </div>
      ) : (
        <>
          <div
            ref={scroller}
            onScroll={loadMoreIfNear}
            className="max-h-[28rem] overflow-y-auto pr-1"
            data-testid="history-scroller"
          >
            <ul>
              {items.map((item, index) => (
                // A transaction can move ETH more than once (a send and its fee), and pages only append.
                // biome-ignore lint/suspicious/noArrayIndexKey: hash and position together identify a line.
                <HistoryRow key={`${item.txHash}:${index}`} item={item} />
              ))}
            </ul>
            {isFetchingNextPage ? (
              <div className="grid place-items-center py-3">
                <Spinner label="Loading more" />
              </div>
            ) : null}
          </div>
          <p className="mt-4 text-center text-xs text-slate-500">{WALLET_TEXT.historyFooter}</p>
        </>
      )}
    </section>
  );
}
