import { BALANCE_ASSET, HISTORY_REFRESH_AFTER_SEND_MS } from '@ojo/domain/constants';
import { formatAmount } from '@ojo/domain/format/amount';
import { WALLET_TEXT } from '@ojo/domain/messages';
import { sendAmountToWei } from '@ojo/domain/wallet/send';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { Address, Hex } from 'viem';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { processUserOperation } from '../api/process-user-operation';
import { walletKeys } from '../api/query-keys';
import { useSendForm } from '../hooks/use-send-form';
import { WALLET_PRIMARY_BUTTON, WalletDialog } from './wallet-dialog';

/** A transfer as the account provider carries it out: a user operation the player approves in its popup. */
export type SendTransfer = (transfer: { from: Address; to: Address; valueWei: bigint }) => Promise<{
  userOpHash: Hex;
  succeeded: boolean;
}>;

interface SendDialogProps {
  address: Address;
  balanceEth: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  sendTransfer: SendTransfer;
}

function Field({
  label,
  htmlFor,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5 text-left">
      <label htmlFor={htmlFor} className="text-xs font-bold uppercase tracking-[0.2em] text-slate-400">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const INPUT =
  'w-full min-w-0 rounded-2xl border border-white/15 bg-white/5 px-4 py-3 font-mono text-sm text-white placeholder:text-slate-500 focus:border-lime focus:outline-none disabled:opacity-60';

/** product.md 2 Send dialog and product.md 4 Send ETH: idle, validating, submitting (inputs disabled, spinner), success or failure. */
export function SendDialog({ address, balanceEth, isOpen, onOpenChange, sendTransfer }: SendDialogProps) {
  const form = useSendForm(balanceEth);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const queryClient = useQueryClient();
  const ids = { address: useId(), amount: useId() };

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const confirm = () => {
    const valueWei = sendAmountToWei(form.values.amount);
    if (valueWei === null) return;
    setIsSubmitting(true);
    let pending: ReturnType<SendTransfer>;
    try {
      // Synchronously inside the click: the account provider opens its popup now, or the browser blocks it.
      pending = sendTransfer({ from: address, to: form.values.address as Address, valueWei });
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending
      .then(async ({ userOpHash, succeeded }) => {
        // Indexed at once, whatever the outcome (product.md 7: after a send); a failure here must not hide the result.
        await processUserOperation(userOpHash).catch(() => null);
        if (!succeeded) throw new Error('The user operation reverted');
        toast.success(WALLET_TEXT.transactionSuccessful);
        close(false);
        void queryClient.invalidateQueries({ queryKey: walletKeys.balances() });
        // product.md 4 and 9: the history is fetched again 2 seconds after a send.
        setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: walletKeys.histories() }),
          HISTORY_REFRESH_AFTER_SEND_MS,
        );
      })
      // product.md 8: any failure, 'Failed to create user operation' included, is 'Transaction failed'.
      .catch(() => toast.error(WALLET_TEXT.transactionFailed))
      .finally(() => setIsSubmitting(false));
  };

  return (
    <WalletDialog
      isOpen={isOpen}
      onOpenChange={close}
      isLocked={isSubmitting}
      title={WALLET_TEXT.send}
      description={`Send ETH from your smart account on ${env.chainName}. You approve it in ${env.providerName}.`}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.canConfirm(isSubmitting)) confirm();
        }}
      >
        <Field label={WALLET_TEXT.addressLabel} htmlFor={ids.address} error={form.errors.address}>
          <input
            id={ids.address}
            className={INPUT}
            value={form.values.address}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            disabled={isSubmitting}
            aria-invalid={form.errors.address ? true : undefined}
            onChange={(event) => form.setAddress(event.target.value)}
            onBlur={() => form.blur('address')}
          />
        </Field>
        <Field label={WALLET_TEXT.amountLabel} htmlFor={ids.amount} error={form.errors.amount}>
          <input
            id={ids.amount}
            className={INPUT}
            value={form.values.amount}
            inputMode="decimal"
            placeholder="0.00"
            autoComplete="off"
            disabled={isSubmitting}
            aria-invalid={form.errors.amount ? true : undefined}
            onChange={(event) => form.setAmount(event.target.value)}
            onBlur={() => form.blur('amount')}
          />
        </Field>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-2xl bg-white/5 p-4 text-sm">
          <dt className="text-slate-400">{WALLET_TEXT.balanceLabel}</dt>
          <dd className="truncate text-right text-white" data-testid="send-balance">
            {formatAmount(form.maxEth)} {BALANCE_ASSET.symbol}
          </dd>
          <dt className="text-slate-400">{WALLET_TEXT.networkLabel}</dt>
          <dd className="truncate text-right text-white">{env.chainName}</dd>
          <dd className="col-span-2 text-xs text-slate-400">{WALLET_TEXT.feeNote}</dd>
        </dl>
        {isSubmitting ? (
          <p
            role="status"
            className="flex items-center gap-2 text-sm font-bold text-lime"
            data-testid="send-waiting"
          >
            <span
              aria-hidden
              className="size-4 animate-spin rounded-full border-2 border-white/15 border-t-lime"
            />
            {WALLET_TEXT.approveInProvider(env.providerName)}
          </p>
        ) : null}
        <button type="submit" disabled={!form.canConfirm(isSubmitting)} className={WALLET_PRIMARY_BUTTON}>
          {isSubmitting ? <Spinner label="Sending" className="[&>span:first-child]:size-4" /> : null}
          {WALLET_TEXT.confirm}
        </button>
      </form>
    </WalletDialog>
  );
}
