import { formatAmount } from '@ojo/domain/format/amount';
import { ASSET_TEXT, TASK_TEXT } from '@ojo/domain/messages';
import { shouldShowCoinRewardPopup } from '@ojo/domain/tasks/check-in';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useCheckIn } from '../api/check-in';
import { useCheckInStatus } from '../api/get-check-in-status';
import { describeCheckInRules, utcTimeOf } from './check-in-rules';
import { CoinRewardPopup } from './coin-reward-popup';
import { DayList } from './day-list';

const cardClass = 'rounded-3xl border border-white/10 bg-arena-900/70 p-5 shadow-2xl shadow-black/30 sm:p-8';
const BUTTON =
  'inline-flex items-center justify-center rounded-2xl bg-lime px-6 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The check-in screen (product.md 2 'a day list with rewards and a coin reward popup'; product.md 4 'Loading, then complete.
 * The coin reward popup shows if the reward task status is falsy.'). A day is a UTC day, and the screen says so.
 * A failed check-in says 'Check in failed. Please try again.' (product.md 8).
 */
export function CheckInScreen() {
  const status = useCheckInStatus({ enabled: true });
  const mutation = useCheckIn();
  const [isPopupOpen, setPopupOpen] = useState(false);
  const [hasSeenPopup, setSeenPopup] = useState(false);

  // The popup opens once per visit while today's check-in (the reward task status) is falsy.
  useEffect(() => {
    if (status.data && !hasSeenPopup && shouldShowCoinRewardPopup(status.data.checkIn)) {
      setPopupOpen(true);
      setSeenPopup(true);
    }
  }, [status.data, hasSeenPopup]);

  const runCheckIn = () =>
    mutation.mutate(undefined, {
      onSuccess: () => setPopupOpen(true),
      onError: () => toast.error(TASK_TEXT.checkInFailed),
    });

  if (status.isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading your check-in" />
      </div>
    );
  }
  if (status.isError || !status.data) {
    return (
      <div role="alert" className={`${cardClass} flex flex-col items-start gap-4`}>
        <p className="text-slate-200">Your check-in could not be loaded.</p>
        <button type="button" onClick={() => status.refetch()} className={BUTTON}>
          Try again
        </button>
      </div>
    );
  }
  const today = status.data;
  return (
    <div data-testid="check-in-screen" data-state="complete" className={`${cardClass} flex flex-col gap-6`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-bold uppercase tracking-wide text-slate-400">
            Today (UTC) <span data-testid="check-in-utc-day">{today.day}</span>
          </p>
          <p className="mt-1 text-lg text-white">
            Today's reward:{' '}
            <span data-testid="today-reward" className="font-black text-lime">
              {formatAmount(today.todayReward)} {ASSET_TEXT[today.todayRewardType]}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-400">
            Streak: {today.checkInDays} {today.checkInDays === 1 ? 'day' : 'days'}. The next day starts at{' '}
            {utcTimeOf(today.nextDayStartsAt)}.
          </p>
        </div>
        <button
          type="button"
          className={BUTTON}
          disabled={today.checkIn || mutation.isPending}
          onClick={runCheckIn}
        >
          {today.checkIn ? 'Checked in today' : mutation.isPending ? 'Checking in…' : 'Check in'}
        </button>
      </div>
      {mutation.isError && !isPopupOpen ? (
        <p role="alert" className="font-semibold text-rose-300">
          {TASK_TEXT.checkInFailed}
        </p>
      ) : null}
      <DayList status={today} />
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-400" aria-label="Check-in rules">
        {describeCheckInRules(today).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <CoinRewardPopup
        status={today}
        isOpen={isPopupOpen}
        onOpenChange={setPopupOpen}
        onCheckIn={runCheckIn}
        isCheckingIn={mutation.isPending}
        hasFailed={mutation.isError}
      />
    </div>
  );
}
