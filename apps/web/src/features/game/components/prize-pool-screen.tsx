import type { BusinessType } from '@ojo/domain/enums';
import { formatAmount } from '@ojo/domain/format/amount';
import { currencyOfBusinessType } from '@ojo/domain/game/amount';
import { useBattlePools } from '../api/get-battle-pools';
import { useRewardPrizes } from '../api/get-reward-prizes';
import { useSeasons } from '../api/get-seasons';
import { BUSINESS_LABEL, PRIZE_POOL_TABS } from '../lib/currency';
import { drawPrizesText } from '../lib/ladder-text';
import { currentSeason, seasonRange } from '../lib/seasons';
import { Card, Empty, Loading, Problem, Stat, Tabs } from './game-ui';
import { LastSeasonCard } from './last-season-card';
import { RulesText } from './rules-text';

/** product.md 2 /game/prize-pool/ojo and /points: the pool fed by race fees, its rank prizes and ticket draw. */
export function PrizePoolScreen({
  businessType,
  hasSession,
}: {
  businessType: BusinessType;
  hasSession: boolean;
}) {
  const pools = useBattlePools();
  const seasons = useSeasons();
  const season = currentSeason(seasons.data?.seasons);
  const prizes = useRewardPrizes(businessType, season?.id);
  const currency = currencyOfBusinessType(businessType);
  const label = BUSINESS_LABEL[businessType];
  return (
    <div className="flex flex-col gap-5">
      <Tabs label="Prize pool currency" tabs={PRIZE_POOL_TABS(businessType)} />
      <Card className="bg-gradient-to-br from-arena-800/90 to-arena-900/90">
        {pools.isPending ? (
          <Loading label="Loading the prize pool" />
        ) : pools.isError || !pools.data ? (
          <Problem>The prize pool could not be loaded. Try again in a moment.</Problem>
        ) : (
          <div className="grid gap-6 sm:grid-cols-3">
            <Stat
              label={`${label} prize pool`}
              value={formatAmount(pools.data.prizePools[currency])}
              accent
            />
            <Stat
              label="In the current race"
              value={pools.data.round ? formatAmount(pools.data.round.totals[currency]) : '—'}
            />
            <Stat label="Season" value={season ? season.id : '—'} />
          </div>
        )}
        {season ? <p className="mt-4 text-sm text-slate-400">{seasonRange(season)}</p> : null}
      </Card>
      <div className="grid gap-5 lg:grid-cols-2">
        <Card title="Rank prizes">
          {seasons.isPending || (prizes.isPending && season) ? (
            <Loading label="Loading the prizes" />
          ) : prizes.isError ? (
            <Problem>The rank prizes could not be loaded. Try again in a moment.</Problem>
          ) : !prizes.data || prizes.data.rankPrizes.length === 0 ? (
            <Empty>The rank prizes appear once the season has a pool.</Empty>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs uppercase tracking-wider text-slate-400">
                  <th className="pb-2 font-semibold">Rank</th>
                  <th className="pb-2 font-semibold">Share</th>
                  <th className="pb-2 text-right font-semibold">Prize</th>
                </tr>
              </thead>
              <tbody>
                {prizes.data.rankPrizes.map((prize) => (
                  <tr key={prize.rank} className="border-t border-white/5">
                    <td className="py-2 font-bold text-white">#{prize.rank}</td>
                    <td className="py-2 text-slate-300">{(prize.shareBps / 100).toFixed(2)}%</td>
                    <td className="py-2 text-right font-bold tabular-nums text-lime">
                      {formatAmount(prize.amount)} {label}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
        <Card title="Ticket draw">
          {seasons.isPending || (prizes.isPending && season) ? (
            <Loading label="Loading the draw" />
          ) : prizes.isError || seasons.isError ? (
            <Problem>The draw could not be loaded. Try again in a moment.</Problem>
          ) : !prizes.data ? (
            <Empty>The draw appears once a season is open.</Empty>
          ) : (
            <div className="flex flex-col gap-3 text-sm text-slate-300">
              <p>{drawPrizesText(prizes.data.draw, label)} Drawn among the season's tickets.</p>
              <p className="text-xs text-slate-400">
                Commitment: <code className="break-all">{prizes.data.draw.commitment}</code>
                {prizes.data.draw.seed ? (
                  <>
                    <br />
                    Revealed seed: <code className="break-all">{prizes.data.draw.seed}</code>
                  </>
                ) : null}
              </p>
              {prizes.data.draw.winners.length > 0 ? (
                <ol className="list-decimal pl-5">
                  {prizes.data.draw.winners.map((winner) => (
                    <li key={winner.order}>{winner.player}</li>
                  ))}
                </ol>
              ) : null}
            </div>
          )}
        </Card>
      </div>
      <LastSeasonCard businessType={businessType} hasSession={hasSession} />
      <RulesText ruleKind="PRIZE_POOL" />
    </div>
  );
}
