import { BUSINESS_TYPES, type BusinessType } from '@ojo/domain/enums';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '@/config/routes';
import { useLadders } from '../api/get-ladders';
import { useRewardCurrent } from '../api/get-reward-current';
import { useSeasons } from '../api/get-seasons';
import { BUSINESS_LABEL } from '../lib/currency';
import { signedResult } from '../lib/ladder-text';
import { currentSeason, seasonRange } from '../lib/seasons';
import { Card, Empty, Loading, Problem, Stat } from './game-ui';
import { LadderTable } from './ladder-table';
import { LastSeasonCard } from './last-season-card';
import { RulesText } from './rules-text';

const LADDER_MOVES = { up: 'Up', down: 'Down', keep: 'Keep', promotion: 'Promotion' } as const;

/**
 * The ladder tab a visit starts on: the `tab` the link named (the frame's navigate query, product.md 2), else the currency
 * the player is ranked in when it is only points (a player without OJO races in points), else OJO.
 */
export function startingLadderTab(
  linked: string | null,
  ranked: { ojo: boolean | undefined; points: boolean | undefined },
): BusinessType {
  if (linked && (BUSINESS_TYPES as readonly string[]).includes(linked)) return linked as BusinessType;
  return ranked.ojo === false && ranked.points === true ? 'points' : 'ojo';
}

/** product.md 2 /game/ranks: the season's ladder per currency, the player's standing and last settlement. */
export function RanksScreen({ hasSession }: { hasSession: boolean }) {
  const [searchParams] = useSearchParams();
  const [chosen, setBusinessType] = useState<BusinessType | null>(null);
  const seasons = useSeasons();
  const season = currentSeason(seasons.data?.seasons);
  const standings = {
    ojo: useRewardCurrent('ojo', season?.id, hasSession),
    points: useRewardCurrent('points', season?.id, hasSession),
  };
  const businessType =
    chosen ??
    startingLadderTab(searchParams.get('tab'), {
      ojo: standings.ojo.data ? standings.ojo.data.rank !== null : undefined,
      points: standings.points.data ? standings.points.data.rank !== null : undefined,
    });
  const ladders = useLadders(businessType);
  const standing = standings[businessType];
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label="Ladder currency"
          className="inline-flex rounded-full border border-white/10 bg-arena-900/80 p-1"
        >
          {[...BUSINESS_TYPES].reverse().map((type) => (
            <button
              key={type}
              type="button"
              role="tab"
              aria-selected={businessType === type}
              onClick={() => setBusinessType(type)}
              className="rounded-full px-5 py-2 text-sm font-black uppercase tracking-wider text-slate-300 aria-selected:bg-lime aria-selected:text-arena-950"
            >
              {BUSINESS_LABEL[type]}
            </button>
          ))}
        </div>
        <Link
          to={ROUTES.rankingPreview.path}
          className="text-sm font-bold text-lime underline underline-offset-4"
        >
          Ranking preview
        </Link>
      </div>
      {hasSession ? (
        <Card title="My standing" className="bg-gradient-to-br from-arena-800/90 to-arena-900/90">
          {standing.isPending && season ? (
            <Loading label="Loading your standing" />
          ) : !standing.data ? (
            <Empty>Race in this season to get a rank.</Empty>
          ) : (
            <div className="grid grid-cols-2 gap-6 sm:grid-cols-4">
              <Stat label="Rank" value={standing.data.rank ? `#${standing.data.rank}` : '—'} accent />
              <Stat label="Tier" value={standing.data.tier?.tierName ?? '—'} />
              <Stat label="Result" value={signedResult(standing.data.result)} />
              <Stat
                label="If it ended now"
                value={standing.data.projectedState ? LADDER_MOVES[standing.data.projectedState] : '—'}
              />
            </div>
          )}
        </Card>
      ) : null}
      <Card title={season ? `Season ${season.id} · ${seasonRange(season)}` : 'Season ladder'}>
        {ladders.isPending ? (
          <Loading label="Loading the ladder" />
        ) : ladders.isError || !ladders.data ? (
          <Problem>The ladder could not be loaded. Try again in a moment.</Problem>
        ) : ladders.data.entries.length === 0 ? (
          <Empty>No one is ranked yet this season. Race to be the first.</Empty>
        ) : (
          <LadderTable
            entries={ladders.data.entries}
            me={ladders.data.me}
            minBets={ladders.data.minBets}
            unit={BUSINESS_LABEL[businessType]}
          />
        )}
      </Card>
      <LastSeasonCard businessType={businessType} hasSession={hasSession} />
      <RulesText ruleKind="RANK" />
    </div>
  );
}
