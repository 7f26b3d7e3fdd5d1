import type { CoinOrderDto } from '@ojo/api-contract/coin';
import { validateBuyOjoAmount } from '@ojo/domain/coin/buy-ojo';
import { ASSET_REFRESH_AFTER_BUY_MS } from '@ojo/domain/constants';
import { formatAmount } from '@ojo/domain/format/amount';
import { parseAmountInput, WHOLE_UNITS } from '@ojo/domain/format/amount-input';
import { BUY_OJO_TEXT } from '@ojo/domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Address, Hex } from 'viem';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import {
  createCoinOrder,
  reportPayment,
  useCoinConfig,
  useCoinDiscounts,
  useEthBalance,
} from '../api/buy-ojo';

/**
 * How the app pays an order from the smart account (a user operation approved in the account provider): `prepare`
 * runs synchronously inside the click, so the provider's popup may open; `pay` sends the native ETH with call data.
 */
export interface OrderPayer {
  prepare(): void;
  /** Closes what `prepare` opened when there is nothing to pay (the order failed). */
  abandon(): void;
  pay(payment: { from: Address; to: Address; valueWei: bigint; data: Hex }): Promise<{
    userOpHash: Hex;
    succeeded: boolean;
  }>;
}

export const BUTTON =
  'rounded-2xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 disabled:cursor-not-allowed disabled:bg-white/10 disabled:text-slate-400 disabled:hover:brightness-100';
export const CARD = 'rounded-3xl border border-white/10 bg-arena-900/70 p-6';
export const INPUT =
  'w-full min-w-0 rounded-2xl border border-white/15 bg-white/5 px-4 py-3 font-mono text-sm text-white placeholder:text-slate-500 focus:border-lime focus:outline-none disabled:opacity-60';

type OrderRequest = { baseQty: string } | { packageId: string };

/**
 * spec 4 Buy OJO: validate, show 'Transaction in process', place the order, pay with the native token, report the
 * hash, show the success message, refresh the assets after 3 seconds. spec 5 Buy OJO amount: digits only, at least
 * minQty, not more than the ETH balance pays for. spec 8: 'Failed to order…' / 'Failed to pay…'.
 */
export function BuyOjoScreen({ account, payer }: { account: Address; payer: OrderPayer }) {
  const config = useCoinConfig();
  const discounts = useCoinDiscounts();
  const ethBalance = useEthBalance(true);
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const amountId = useId();

  const price = config.data?.tokenConfigs[0]?.price ?? '0';
  const minQty = config.data?.minQty ?? '0';
  const error =
    amount === '' || !config.data
      ? null
      : validateBuyOjoAmount(amount, {
          minQty,
          maxQty: config.data?.maxQty,
          ethPrice: price,
          ethBalance: ethBalance.data ?? '0',
        });

  const buy = (request: OrderRequest) => {
    if (isBusy) return;
    try {
      // Synchronously inside the click: the provider's popup opens now (it asks once the order is placed).
      payer.prepare();
    } catch {
      // A blocked popup: the payment below reports the failure.
    }
    setIsBusy(true);
    const processing = toast.info(BUY_OJO_TEXT.inProcess);
    void (async () => {
      let order: CoinOrderDto;
      try {
        order = await createCoinOrder(request);
      } catch {
        payer.abandon();
        toast.dismiss(processing);
        toast.error(BUY_OJO_TEXT.orderFailed);
        return;
      }
      try {
        const paid = await payer.pay({
          from: account,
          to: order.receiptAddress as Address,
          valueWei: BigInt(order.quoteWei),
          data: order.callData as Hex,
        });
        if (!paid.succeeded) throw new Error('payment reverted');
        await reportPayment(paid.userOpHash).catch(() => undefined);
      } catch {
        toast.dismiss(processing);
        toast.error(BUY_OJO_TEXT.payFailed);
        return;
      }
      toast.dismiss(processing);
      toast.success(BUY_OJO_TEXT.success);
      setAmount('');
      // spec 9: 'Asset refresh after buy: 3 seconds.'
      setTimeout(() => void queryClient.invalidateQueries(), ASSET_REFRESH_AFTER_BUY_MS);
    })().finally(() => setIsBusy(false));
  };

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
          {error ? (
            <p role="alert" className="text-sm text-rose-300">
              {error}
            </p>
          ) : null}
          <button type="submit" className={BUTTON} disabled={isBusy || amount === '' || error !== null}>
            {isBusy ? 'Processing…' : 'Buy OJO'}
          </button>
        </form>
      </div>
      <div className={CARD}>
        <h2 className="font-display text-xl font-black uppercase italic text-white">Discount packages</h2>
        <ul className="mt-4 flex flex-col gap-3">
          {discounts.data.map((item) => (
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
              </div>
              <button
                type="button"
                className={BUTTON}
                disabled={isBusy}
                onClick={() => buy({ packageId: item.id })}
                aria-label={`Buy ${item.baseQty} OJO`}
              >
                Buy
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
