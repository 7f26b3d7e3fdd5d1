import { formatAmount } from '@ojo/domain/format/amount';
import type { useLadders } from '../api/get-ladders';
import { eligibilityNote, signedResult } from '../lib/ladder-text';

type Page = NonNullable<ReturnType<typeof useLadders>['data']>;
type Entry = Page['entries'][number];

/**
 * Ladder rows: rank, player with tier, result, stake and what the place earns if the season ended now. It fits a
 * phone's width without a sideways scroll (the tier sits under the player). A player short of the season's minimum
 * bets is marked and earns nothing; the player's own row is marked.
 */
export function LadderTable({
  entries,
  me,
  minBets,
  unit,
}: {
  entries: Entry[];
  me: Entry | null;
  minBets: number;
  /** The currency the stakes and prizes are in, e.g. 'OJO'. */
  unit: string;
}) {
  return (
    <div className="flex flex-col gap-3">
      <table className="w-full table-fixed text-xs sm:text-sm">
        <thead>
          <tr className="text-left text-[11px] uppercase tracking-wider text-slate-400 sm:text-xs">
            <th className="w-10 pb-2 font-semibold sm:w-14">Rank</th>
            <th className="pb-2 font-semibold">Player</th>
            <th className="w-[19%] pb-2 text-right font-semibold">Result</th>
            <th className="w-[19%] pb-2 text-right font-semibold">Staked</th>
            <th className="w-[19%] pb-2 text-right font-semibold">
              Prize <span className="sr-only">({unit})</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const mine = me !== null && me.rank === entry.rank;
            return (
              <tr
                key={entry.rank}
                className={`border-t border-white/5 align-top ${mine ? 'bg-lime/10' : ''}`}
                aria-current={mine ? 'true' : undefined}
                data-eligible={entry.eligible ? 'true' : 'false'}
              >
                <td className="py-2.5 font-black text-white">#{entry.rank}</td>
                <td className="min-w-0 py-2.5 pr-1">
                  <span className="block truncate text-slate-200">
                    {entry.player.handle ?? 'Anonymous player'}
                  </span>
                  <span className="block truncate text-[11px] text-slate-400 sm:text-xs">
                    {entry.tier.tierName} #{entry.rankInTier}
                  </span>
                  {entry.eligible ? null : (
                    <span className="block text-[11px] font-semibold text-amber-300 sm:text-xs">
                      {eligibilityNote(entry.bets, minBets)}
                    </span>
                  )}
                </td>
                <td
                  className={`py-2.5 text-right font-bold tabular-nums ${entry.result.startsWith('-') ? 'text-hot' : 'text-lime'}`}
                >
                  {signedResult(entry.result)}
                </td>
                <td className="py-2.5 text-right tabular-nums text-slate-300">
                  {formatAmount(entry.staked)}
                </td>
                <td className="py-2.5 text-right font-bold tabular-nums text-white">
                  {entry.prize === '0' ? (
                    <span className="text-slate-500">—</span>
                  ) : (
                    formatAmount(entry.prize)
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-xs text-slate-400">
        Prize: what the place earns in {unit} if the season ended now, from the prize pool as it stands.
        Players with fewer than {minBets} settled bets this season win no rank prize.
      </p>
    </div>
  );
}
