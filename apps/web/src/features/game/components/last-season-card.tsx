import type { BusinessType } from '@ojo/domain/enums';
import { formatAmount } from '@ojo/domain/format/amount';
import { gameSeasonVerifyPath } from '@ojo/domain/routes';
import { Link } from 'react-router';
import { useLastSettle } from '../api/get-last-settle';
import { useRewardPrizes } from '../api/get-reward-prizes';
import { useSeasons } from '../api/get-seasons';
import { BUSINESS_LABEL } from '../lib/currency';
import { seasonRange } from '../lib/seasons';
import { Card, Loading, Stat } from './game-ui';

const LADDER_MOVES = { up: 'Up', down: 'Down', keep: 'Keep', promotion: 'Promotion' } as const;

/**
 * The last settled season of a currency: what its prize pool shared and what stayed in it, the ticket
 * draw's winners under their season references with the revealed seed beside the commitment, a link to the page
 * that recomputes it in the browser, and, with a session, the player's own settlement and reference. Nothing while no
 * season has been settled.
 */
export function LastSeasonCard({
  businessType,
  hasSession,
}: {
  businessType: BusinessType;
  hasSession: boolean;
}) {
  const seasons = useSeasons();
  const season = seasons.data?.seasons.find((candidate) => candidate.state === 'closed');
  const prizes = useRewardPrizes(businessType, season?.id);
  const lastSettle = useLastSettle(businessType, hasSession);
  if (!season) return null;
  const label = BUSINESS_LABEL[businessType];
  const mine = lastSettle.data?.seasonId === season.id ? lastSettle.data : null;
  return (
    <Card title={`Last season ${season.id} · ${seasonRange(season)}`}>
      {prizes.isPending ? (
        <Loading label="Loading the last settlement" />
      ) : !prizes.data?.settled ? (
        <p className="text-sm text-slate-400">The settlement of this season is not available right now.</p>
      ) : (
        <div className="flex flex-col gap-4" data-testid="last-season">
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-3">
            <Stat label={`${label} pool shared`} value={formatAmount(prizes.data.pool)} />
            <Stat label="Paid in prizes" value={formatAmount(prizes.data.settled.paid)} accent />
            <Stat label="Kept in the pool" value={formatAmount(prizes.data.settled.carryOut)} />
          </div>
          {mine ? (
            <p className="text-sm text-slate-300" data-testid="my-last-settle">
              You: {mine.from.tierName} to {mine.to.tierName} ({LADDER_MOVES[mine.state]}), rank prize{' '}
              {formatAmount(mine.rankPrize)} {label}, draw prize {formatAmount(mine.drawPrize)} {label} with{' '}
              {formatAmount(mine.tickets)} tickets. Your reference in this season: <code>{mine.player}</code>
            </p>
          ) : null}
          <div className="text-sm text-slate-300">
            <h3 className="mb-2 text-xs font-black uppercase tracking-wider text-slate-400">Draw winners</h3>
            {prizes.data.draw.winners.length === 0 ? (
              <p className="text-slate-400">No draw prizes were paid (no tickets, or a pool too small).</p>
            ) : (
              <ol className="list-decimal pl-5" data-testid="draw-winners">
                {prizes.data.draw.winners.map((winner) => (
                  <li
                    key={winner.order}
                    className={winner.player === mine?.player ? 'font-bold text-lime' : ''}
                  >
                    <code>{winner.player}</code> {formatAmount(winner.amount)} {label}
                    {winner.player === mine?.player ? ' (you)' : ''}
                  </li>
                ))}
              </ol>
            )}
          </div>
          <p className="text-xs text-slate-400">
            Commitment (published when the season opened):{' '}
            <code className="break-all">{prizes.data.draw.commitment}</code>
            <br />
            Revealed seed: <code className="break-all">{prizes.data.draw.seed}</code>
            <br />
            Anyone can recompute every rank, move, draw winner and prize:{' '}
            <Link
              to={gameSeasonVerifyPath(season.id)}
              className="font-bold text-lime underline underline-offset-4"
            >
              verify season {season.id}
            </Link>
          </p>
        </div>
      )}
    </Card>
  );
}
