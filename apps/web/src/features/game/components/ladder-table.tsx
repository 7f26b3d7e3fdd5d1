import { formatAmount } from '@ojo/domain/format/amount';
import type { useLadders } from '../api/get-ladders';

type Entry = NonNullable<ReturnType<typeof useLadders>['data']>['entries'][number];

/** Ladder rows: rank, tier, player, result and stake. The player's own row is marked. */
export function LadderTable({ entries, me }: { entries: Entry[]; me: Entry | null }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-sm">
        <thead>
          <tr className="text-left text-xs uppercase tracking-wider text-slate-400">
            <th className="pb-2 font-semibold">Rank</th>
            <th className="pb-2 font-semibold">Player</th>
            <th className="pb-2 font-semibold">Tier</th>
            <th className="pb-2 text-right font-semibold">Result</th>
            <th className="pb-2 text-right font-semibold">Staked</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const mine = me !== null && me.rank === entry.rank;
            return (
              <tr
                key={entry.rank}
                className={`border-t border-white/5 ${mine ? 'bg-lime/10' : ''}`}
                aria-current={mine ? 'true' : undefined}
              >
                <td className="py-2.5 font-black text-white">#{entry.rank}</td>
                <td className="py-2.5 text-slate-200">{entry.player.handle ?? 'Anonymous player'}</td>
                <td className="py-2.5 text-slate-300">
                  {entry.tier.tierName} <span className="text-slate-500">#{entry.rankInTier}</span>
                </td>
                <td
                  className={`py-2.5 text-right font-bold tabular-nums ${entry.result.startsWith('-') ? 'text-hot' : 'text-lime'}`}
                >
                  {entry.result.startsWith('-') ? '-' : '+'}
                  {formatAmount(entry.result.replace(/^-/, ''))}
                </td>
                <td className="py-2.5 text-right tabular-nums text-slate-300">
                  {formatAmount(entry.staked)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
