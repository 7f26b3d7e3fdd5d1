import type { CheckInStatusResult } from '@ojo/api-contract/check-in';
import { formatAmount } from '@ojo/domain/format/amount';
import { ASSET_TEXT, TASK_TEXT } from '@ojo/domain/messages';
import * as Dialog from '@radix-ui/react-dialog';
import { StarIcon } from '@/components/ui/icons';

interface CoinRewardPopupProps {
  status: CheckInStatusResult;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Checks in; the popup shows the reward once the status says checked in. */
  onCheckIn: () => void;
  isCheckingIn: boolean;
  hasFailed: boolean;
}

const BUTTON =
  'inline-flex w-full items-center justify-center gap-2 rounded-2xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 disabled:cursor-wait disabled:opacity-60';

/**
 * product.md 2 Check-in 'a coin reward popup', shown while the reward task status is falsy (product.md 4): today's reward with a
 * Check in button; after the check-in, the reward the player received.
 */
export function CoinRewardPopup(props: CoinRewardPopupProps) {
  const { status, isOpen, onOpenChange } = props;
  const reward = `${formatAmount(status.todayReward)} ${ASSET_TEXT[status.todayRewardType]}`;
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="coin-reward-popup"
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-4 rounded-3xl border border-gold/30 bg-arena-950 p-6 text-center shadow-2xl shadow-gold/10 focus:outline-none"
        >
          <StarIcon className="size-14 text-gold" aria-hidden />
          <Dialog.Title className="font-display text-xl font-black uppercase italic tracking-tight text-white">
            {status.checkIn ? 'Reward collected' : 'Daily reward'}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-300">
            {status.checkIn
              ? `Day ${status.checkInDays} checked in. Come back tomorrow (UTC) for day ${status.checkInDays + 1}.`
              : `Check in for day ${status.checkInDays + 1} today (UTC ${status.day}).`}
          </Dialog.Description>
          <p data-testid="coin-reward-amount" className="font-display text-4xl font-black text-gold">
            {status.checkIn ? '+' : ''}
            {reward}
          </p>
          {props.hasFailed ? (
            <p role="alert" className="text-sm font-semibold text-rose-300">
              {TASK_TEXT.checkInFailed}
            </p>
          ) : null}
          {status.checkIn ? (
            <Dialog.Close className={BUTTON}>Got it</Dialog.Close>
          ) : (
            <button type="button" className={BUTTON} onClick={props.onCheckIn} disabled={props.isCheckingIn}>
              {props.isCheckingIn ? 'Checking in…' : 'Check in'}
            </button>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
