import {
  redeemEthOut,
  redeemMaximum,
  redeemMinimum,
  redeemSystemError,
  validateRedeemAmount,
} from '@ojo/domain/coin/redeem';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { formatAmount } from '@ojo/domain/format/amount';
import { parseAmountInput, WHOLE_UNITS } from '@ojo/domain/format/amount-input';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { freeOjoLockText } from '@ojo/domain/rewards/free-ojo';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { createWithdraw, useWithdrawInfo } from '../api/redeem';
import { BUTTON, CARD, INPUT } from './buy-ojo-screen';

/**
 * /game/redeem (product.md 5 Redeem): minimum = minAmountCheck.require + trial; maximum = the lower of balance - fixedLeft
 * and the day's amount left; the system errors (max reached today, total bet required, insufficient balance) and
 * the input errors ('Min redeem is {n} OJO', 'Max redeem is {n} OJO'). The ETH shown is what the server's rule pays
 * for the typed amount (`redeemEthOut` on GET /coin/withdraw/info's figures). The OJO leaves the balance at once. OJO
 * from free rewards that is still locked is not redeemable: the screen says how much and why, and counts only the
 * rest of the balance.
 */
export function RedeemScreen({ historyPath }: { historyPath: string }) {
  const info = useWithdrawInfo(true);
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const amountId = useId();

  if (info.isPending) return <Spinner label="Loading your redeem limits" />;
  if (info.isError || !info.data) return <p className="text-rose-300">Redeem is not available right now.</p>;
  const data = info.data;
  const lock = data.freeOjoLock;
  const lockText = freeOjoLockText({
    locked: BigInt(lock.locked),
    hasProfile: lock.hasProfile,
    accountDays: Number(lock.accountDays.achieved),
    requiredDays: Number(lock.accountDays.require),
    bet: BigInt(lock.bet.achieved),
    requiredBet: BigInt(lock.bet.require),
  });
  const redeemable = (BigInt(data.balance) - BigInt(lock.locked)).toString();
  const minimum = redeemMinimum(data);
  const maximum = redeemMaximum(data, redeemable);
  const systemError = redeemSystemError(data, redeemable);
  const inputError = validateRedeemAmount(amount, minimum, maximum);
  // The field keeps what was typed; the redeem is the whole amount read from it.
  const read = parseAmountInput(amount, WHOLE_UNITS);
  const quantity = read.kind === 'amount' ? read.value : null;
  // The server's rule on the server's figures (bid, cost basis, cheapest rate paid), never the plain market price.
  const ethOut =
    quantity !== null ? fromBaseUnits(redeemEthOut(BigInt(quantity), data), BALANCE_ASSET.decimals) : '0';

  const submit = async (quantity: string) => {
    setIsBusy(true);
    try {
      await createWithdraw(quantity);
      toast.success(`Redeem of ${quantity} OJO requested`);
      setAmount('');
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : 'Redeem failed, please try again');
    } finally {
      setIsBusy(false);
      void queryClient.invalidateQueries();
    }
  };

  return (
    <div className={`${CARD} max-w-xl`}>
      <p className="text-sm text-slate-400">
        Your OJO: <span data-testid="redeem-balance">{formatAmount(data.balance)}</span> · today{' '}
        {data.conditions.dailyCountCheck.achieved}/{data.conditions.dailyCountCheck.require} redeems
      </p>
      {lockText ? (
        <p data-testid="redeem-free-lock" className="mt-3 text-sm text-amber-200">
          {lockText}
        </p>
      ) : null}
      {systemError ? (
        <p role="alert" data-testid="redeem-system-error" className="mt-3 text-sm font-bold text-rose-300">
          {systemError}
        </p>
      ) : null}
      <form
        className="mt-4 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (quantity === null || inputError || systemError) return;
          void submit(quantity);
        }}
      >
        <label htmlFor={amountId} className="text-xs font-bold uppercase tracking-[0.2em] text-slate-400">
          Amount (OJO)
        </label>
        <div className="flex gap-2">
          <input
            id={amountId}
            className={INPUT}
            inputMode="numeric"
            placeholder={
              // A range only when there is one: with less than the minimum redeemable it would read '10 - 0'.
              maximum >= minimum
                ? `${formatAmount(minimum)} - ${formatAmount(maximum)}`
                : `At least ${formatAmount(minimum)}`
            }
            value={amount}
            disabled={isBusy || systemError !== null}
            onChange={(event) => setAmount(event.target.value)}
          />
          <button
            type="button"
            className="rounded-2xl border border-white/15 px-4 text-xs font-bold uppercase text-slate-200 transition hover:border-lime/60 hover:text-lime disabled:cursor-not-allowed disabled:border-white/10 disabled:text-slate-500 disabled:hover:text-slate-500"
            disabled={isBusy || systemError !== null}
            onClick={() => setAmount(String(maximum))}
          >
            Max
          </button>
        </div>
        {inputError ? (
          <p role="alert" className="text-sm text-rose-300">
            {inputError}
          </p>
        ) : null}
        <p className="text-sm text-slate-400">
          You receive ≈ <span data-testid="redeem-eth">{formatAmount(ethOut)}</span> ETH
        </p>
        <button
          type="submit"
          className={BUTTON}
          disabled={isBusy || quantity === null || inputError !== null || systemError !== null}
        >
          {isBusy ? 'Redeeming…' : 'Redeem'}
        </button>
      </form>
      <Link to={historyPath} className="mt-4 inline-block text-sm font-bold text-cyan underline">
        Redeem history
      </Link>
    </div>
  );
}
