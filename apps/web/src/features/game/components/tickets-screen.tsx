import type { BusinessType } from '@ojo/domain/enums';
import { formatAmount } from '@ojo/domain/format/amount';
import { Link } from 'react-router';
import { ROUTES } from '@/config/routes';
import { useProps } from '../api/get-props';
import { useRewardPrizes } from '../api/get-reward-prizes';
import { useSeasons } from '../api/get-seasons';
import { BUSINESS_LABEL, TICKET_TABS } from '../lib/currency';
import { drawPrizesText } from '../lib/ladder-text';
import { currentSeason, seasonRange } from '../lib/seasons';
import { Card, Empty, Loading, Problem, Stat, Tabs } from './game-ui';
import { LastSeasonCard } from './last-season-card';

/** product.md 2 /game/tickets/ojo and /points: the player's tickets of the open season, earned by play. */
export function TicketsScreen({
  businessType,
  hasSession,
}: {
  businessType: BusinessType;
  hasSession: boolean;
}) {
  const props = useProps(businessType, { enabled: hasSession });
  const seasons = useSeasons();
  const season = currentSeason(seasons.data?.seasons);
  const prizes = useRewardPrizes(businessType, season?.id);
  const label = BUSINESS_LABEL[businessType];
  return (
    <div className="flex flex-col gap-5">
      <Tabs label="Ticket currency" tabs={TICKET_TABS(businessType)} />
      {!hasSession ? (
        <Card>
          <p className="text-slate-300">Log in to see the tickets you earned racing with {label}.</p>
        </Card>
      ) : props.isPending ? (
        <Loading label="Loading your tickets" />
      ) : props.isError || !props.data ? (
        <Problem>Your tickets could not be loaded. Try again in a moment.</Problem>
      ) : (
        <Card className="bg-gradient-to-br from-arena-800/90 to-arena-900/90">
          <div className="grid grid-cols-2 gap-6 sm:grid-cols-4">
            <Stat label={`${label} tickets`} value={formatAmount(props.data.tickets)} accent />
            <Stat label="Staked this season" value={formatAmount(props.data.staked)} />
            <Stat label="Stake per ticket" value={formatAmount(props.data.rate)} />
            <Stat label="To the next ticket" value={formatAmount(props.data.toNextTicket)} />
          </div>
          <p className="mt-5 text-sm text-slate-400">
            Every {formatAmount(props.data.rate)} {label} you stake in settled races earns a ticket for the
            season's draw.
          </p>
        </Card>
      )}
      <Card title="Season draw">
        {seasons.isPending ? (
          <Loading label="Loading the season" />
        ) : !season ? (
          <Empty>No season has started yet.</Empty>
        ) : (
          <div className="flex flex-col gap-3 text-sm text-slate-300">
            <p>
              Season <span className="font-bold text-white">{season.id}</span> · {seasonRange(season)} ·{' '}
              <span className="uppercase text-lime">{season.state}</span>
            </p>
            {prizes.data ? (
              <p>
                {drawPrizesText(prizes.data.draw, label)} The draw's randomness is committed before it runs:{' '}
                <code className="break-all text-xs text-slate-400">{prizes.data.draw.commitment}</code>
              </p>
            ) : null}
            <Link
              to={ROUTES.game.path}
              className="self-start font-bold text-lime underline underline-offset-4"
            >
              Race to earn more tickets
            </Link>
          </div>
        )}
      </Card>
      <LastSeasonCard businessType={businessType} hasSession={hasSession} />
    </div>
  );
}
