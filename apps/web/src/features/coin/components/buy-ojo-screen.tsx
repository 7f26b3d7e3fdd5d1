import { ojoCostWei, validateBuyOjoAmount } from '@ojo/domain/coin/buy-ojo';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { formatAmount } from '@ojo/domain/format/amount';
import { parseAmountInput, WHOLE_UNITS } from '@ojo/domain/format/amount-input';
import { compareDecimals, fromBaseUnits } from '@ojo/domain/format/decimal';
import { BUY_OJO_TEXT } from '@ojo/domain/messages';
import { useId, useState } from 'react';
import type { Address } from 'viem';
import { Spinner } from '@/components/ui/spinner';
import { createCoinOrder } from '../api/create-coin-order';
import { useCoinConfig } from '../api/get-coin-config';
import { useCoinDiscounts } from '../api/get-coin-discounts';
import { useEthBalance } from '../api/get-eth-balance';
import { type OrderPayer, useOrderPayment } from '../hooks/use-order-payment';

export type { OrderPayer } from '../hooks/use-order-payment';

export const BUTTON =
  'rounded-2xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 disabled:cursor-not-allowed disabled:bg-white/10 disabled:text-slate-400 disabled:hover:brightness-100';
export const CARD = 'rounded-3xl border border-white/10 bg-arena-900/70 p-6';
export const INPUT =
  'w-full min-w-0 rounded-2xl border border-white/15 bg-white/5 px-4 py-3 font-mono text-sm text-white placeholder:text-slate-500 focus:border-lime focus:outline-none disabled:opacity-60';

type OrderRequest = { baseQty: string } | { packageId: string };

/** The ETH a typed amount costs at the live price (the order's quote is priced the same way), or null. */
function typedCostEth(amount: string, price: string): string | null {
  const read = parseAmountInput(amount, WHOLE_UNITS);
  if (read.kind !== 'amount' || BigInt(read.value) === 0n) return null;
  const wei = ojoCostWei(read.value, price);
  return wei === null ? null : fromBaseUnits(wei, BALANCE_ASSET.decimals);
}

/**
 * product.md 4 Buy OJO: validate, show 'Transaction in process', place the order, pay with the native token, report the
 * hash, show the success message, refresh the assets after 3 seconds. product.md 5 Buy OJO amount: digits only, at least
 * minQty, not more than the ETH balance pays for (checked once the balance is known, so no maximum of 0 flashes
 * while it loads). The ETH cost of the typed amount shows as it is typed, at the live price.
 */
export function BuyOjoScreen({ account, payer }: { account: Address; payer: OrderPayer }) {
  const config = useCoinConfig();
  const discounts = useCoinDiscounts();
  const ethBalance = useEthBalance(true);
  const [amount, setAmount] = useState('');
  const { isBusy, payOrder } = useOrderPayment(payer, account);
  const amountId = useId();

  const price = config.data?.tokenConfigs[0]?.price ?? '0';
  const minQty = config.data?.minQty ?? '0';
  const isBalanceKnown = ethBalance.data !== undefined;
  const error =
    amount === '' || !config.data || !isBalanceKnown
      ? null
      : validateBuyOjoAmount(amount, {
          minQty,
          maxQty: config.data?.maxQty,
          ethPrice: price,
          ethBalance: ethBalance.data ?? '0',
        });
  const costEth = config.data ? typedCostEth(amount, price) : null;

  const buy = (request: OrderRequest) =>
    payOrder(() => createCoinOrder(request), {
      errorValues: { min: formatAmount(minQty), max: formatAmount(config.data?.maxQty ?? '0') },
      onPaid: () => setAmount(''),
    });

  if (config.isPending || discounts.isPending) return <Spinner label="Loading prices" />;
  if (config.isError || discounts.isError) {
    return <p className="text-rose-300">The ETH price is not available right now. Please try again later.</p>;
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {isBusy ? (
        <p role="status" className="text-sm font-bold text-lime lg:col-span-2">
          {BUY_OJO_TEXT.inProcess}
        </p>
      ) : null}
      <div className={CARD}>
        <h2 className="font-display text-xl font-black uppercase italic text-white">Choose an amount</h2>
        <p className="mt-2 text-sm text-slate-400">
          1 ETH = <span data-testid="ojo-per-eth">{formatAmount(price)}</span> OJO · your ETH:{' '}
          <span data-testid="buy-eth-balance">{formatAmount(ethBalance.data ?? '0')}</span>
        </p>
        <form
          className="mt-4 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const read = parseAmountInput(amount, WHOLE_UNITS);
            if (read.kind !== 'amount' || error) return;
            buy({ baseQty: read.value });
          }}
        >
          <label htmlFor={amountId} className="text-xs font-bold uppercase tracking-[0.2em] text-slate-400">
            Amount (OJO)
          </label>
          <input
            id={amountId}
            className={INPUT}
            inputMode="numeric"
            placeholder={`At least ${minQty}`}
            value={amount}
            disabled={isBusy}
            onChange={(event) => setAmount(event.target.value)}
          />
          {costEth !== null ? (
            <p className="text-sm text-slate-300">
              Costs ≈ <span data-testid="buy-eth-cost">{formatAmount(costEth)}</span> ETH
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-rose-300">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            className={BUTTON}
            disabled={isBusy || amount === '' || error !== null || !isBalanceKnown}
          >
            {isBusy ? 'Processing…' : 'Buy OJO'}
          </button>
        </form>
      </div>
      <div className={CARD}>
        <h2 className="font-display text-xl font-black uppercase italic text-white">Discount packages</h2>
        <ul className="mt-4 flex flex-col gap-3">
          {discounts.data.map((item) => {
            // A package the ETH balance cannot pay is refused here, as a typed amount is, not after an order.
            const isShort = isBalanceKnown && compareDecimals(item.quoteQty, ethBalance.data ?? '0') > 0;
            return (
              <li
                key={item.id}
                data-testid="coin-package"
                className="flex items-center justify-between gap-3 rounded-2xl border border-white/10 bg-white/5 p-4"
              >
                <div>
                  <p className="text-lg font-black text-white">{formatAmount(item.baseQty)} OJO</p>
                  <p className="text-sm text-slate-400">
                    {formatAmount(item.quoteQty)} ETH
                    {item.discount > 0 ? (
                      <span className="ml-2 rounded-full bg-lime/15 px-2 py-0.5 text-xs font-bold text-lime">
                        -{item.discount}%
                      </span>
                    ) : null}
                  </p>
                  {isShort ? (
                    <p className="text-xs text-rose-300">
                      Not enough ETH: you have {formatAmount(ethBalance.data ?? '0')} ETH
                    </p>
                  ) : null}
                </div>
                <button
                  type="button"
                  className={BUTTON}
                  disabled={isBusy || !isBalanceKnown || isShort}
                  onClick={() => buy({ packageId: item.id })}
                  aria-label={`Buy ${item.baseQty} OJO`}
                >
                  Buy
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
