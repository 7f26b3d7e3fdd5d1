import type { BalanceItemDto } from '@ojo/api-contract/wallet';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { formatAmount, formatApproxUsd } from '@ojo/domain/format/amount';
import { formatMonthDayTime } from '@ojo/domain/format/date';
import { WALLET_TEXT } from '@ojo/domain/messages';
import { balanceUsdAt } from '@ojo/domain/wallet/balance';
import { tokenPriceErrorMessage } from '@ojo/domain/wallet/send';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useTokenTicker } from '../api/get-token-ticker';
import { AddressBadge } from './address-badge';
import { WALLET_PRIMARY_BUTTON, WALLET_SECONDARY_BUTTON } from './wallet-dialog';

/** The ETH price line: the price, or when it is stale its time, or the product.md 8 error. */
function PriceLine() {
  const ticker = useTokenTicker(BALANCE_ASSET.symbol);
  if (ticker.isPending) return null;
  if (ticker.isError || !ticker.data) {
    const message = ticker.error instanceof ApiError ? ticker.error.message : null;
    return (
      <p role="alert" className="text-sm text-rose-300">
        {tokenPriceErrorMessage(message, BALANCE_ASSET.symbol)}
      </p>
    );
  }
  const { price, stale, timestamp } = ticker.data;
  return (
    <p className="text-sm text-slate-400" data-testid="eth-price">
      1 {BALANCE_ASSET.symbol} {formatApproxUsd(price)}
      {stale ? (
        <span className="ml-2 text-gold">(stale price from {formatMonthDayTime(timestamp)})</span>
      ) : null}
    </p>
  );
}

interface BalanceCardProps {
  address: string;
  balance: BalanceItemDto | undefined;
  onDeposit: () => void;
  onSend: () => void;
}

/** product.md 2 Wallet: 'Balance card: ETH balance and its USD value', the address badge, Deposit and Send. */
export function BalanceCard({ address, balance, onDeposit, onSend }: BalanceCardProps) {
  // The same price read as the price line below (one query), so the USD value and the price agree.
  const ticker = useTokenTicker(BALANCE_ASSET.symbol);
  return (
    <section
      aria-labelledby="balance-heading"
      className="flex flex-col gap-5 rounded-3xl border border-white/10 bg-arena-900/70 p-6 shadow-2xl shadow-black/30 sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="balance-heading" className="text-sm font-bold uppercase tracking-[0.3em] text-slate-400">
          {WALLET_TEXT.balanceLabel}
        </h2>
        <AddressBadge address={address} />
      </div>
      {balance ? (
        <div className="min-w-0">
          <p className="font-display text-4xl font-black text-white sm:text-5xl" data-testid="eth-balance">
            {/* A long amount may break anywhere; the symbol never splits, it moves to the next line whole. */}
            <span className="break-all">{formatAmount(balance.formattedBalance)}</span>{' '}
            <span className="whitespace-nowrap" data-testid="eth-balance-symbol">
              {balance.symbol}
            </span>
          </p>
          <p className="mt-2 text-lg text-slate-300" data-testid="usd-balance">
            {formatApproxUsd(balanceUsdAt(balance, ticker.data))}
          </p>
        </div>
      ) : (
        <Spinner label="Loading your balance" />
      )}
      <PriceLine />
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <button type="button" onClick={onDeposit} className={WALLET_PRIMARY_BUTTON}>
          {WALLET_TEXT.deposit}
        </button>
        <button type="button" onClick={onSend} className={WALLET_SECONDARY_BUTTON}>
          {WALLET_TEXT.send}
        </button>
      </div>
    </section>
  );
}
