import type { CheckInStatusResult } from '@ojo/api-contract/check-in';
import { formatAmount } from '@ojo/domain/format/amount';
import { ASSET_TEXT } from '@ojo/domain/messages';
import { checkInDays } from '@ojo/domain/tasks/check-in';
import { CheckIcon } from '@/components/ui/icons';

/** product.md 2 Check-in: 'a day list with rewards': checked days, today highlighted, the days still to come. */
export function DayList({ status }: { status: CheckInStatusResult }) {
  const days = checkInDays(status);
  const types = new Map(status.checkInReward.map((reward) => [reward.index, reward.rewardType]));
  return (
    <ol aria-label="Check-in days" className="grid grid-cols-4 gap-2 sm:grid-cols-7 sm:gap-3">
      {days.map((day) => {
        const assetType = types.get(day.index) ?? 'POINT';
        const state = day.isChecked ? 'checked' : 'open';
        return (
          <li
            key={day.index}
            data-testid={`check-in-day-${day.index}`}
            data-state={state}
            aria-current={day.isToday ? 'date' : undefined}
            className={`relative flex min-w-0 flex-col items-center gap-1 rounded-2xl border px-1 py-3 text-center sm:p-3 ${
              day.isToday ? 'border-lime bg-lime/10 shadow-lg shadow-lime/10' : 'border-white/10 bg-white/5'
            } ${day.isChecked && !day.isToday ? 'opacity-70' : ''}`}
          >
            <span className="text-xs font-bold uppercase tracking-wide text-slate-400">Day {day.index}</span>
            <span className="font-display text-xl font-black text-white sm:text-2xl">
              {formatAmount(day.amount)}
            </span>
            <span className={`text-xs font-bold ${assetType === 'OJO' ? 'text-cyan' : 'text-lime'}`}>
              {ASSET_TEXT[assetType]}
            </span>
            {day.isChecked ? (
              <span className="flex items-center gap-1 text-[11px] font-bold uppercase text-lime">
                <CheckIcon className="size-3.5 shrink-0" aria-hidden />
                {/* Four days a row on phones leave no room for the word: the mark alone, the word read out. */}
                <span className="max-sm:sr-only">Checked</span>
              </span>
            ) : day.isToday ? (
              <span className="text-[11px] font-bold uppercase text-lime">Today</span>
            ) : (
              <span className="text-[11px] text-transparent" aria-hidden>
                .
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
