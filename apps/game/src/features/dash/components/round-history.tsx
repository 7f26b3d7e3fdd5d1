import { formatNet, netOf, type PlayerRoundResult } from '@ojo/domain/game/dash/pool';
import type { RoundSummary } from '../state';
import { CURRENCY_LABEL } from './bet-panel';
import { shortRoundId } from './phase-bar';

interface RoundHistoryProps {
  rounds: RoundSummary[];
  /** The player's own result in a round, or null when they had no bet in it. */
  myResultOf(roundId: string): PlayerRoundResult | null;
  onVerify(roundId: string): void;
}

/**
 * Finished rounds, newest first, each with its winners, the player's own net result where they played, and a link
 * to recompute it from the published data.
 */
export function RoundHistory({ rounds, myResultOf, onVerify }: RoundHistoryProps) {
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title" className="panel__title">
        Past rounds
      </h2>
      {rounds.length === 0 ? (
        <p className="muted">Finished rounds appear here.</p>
      ) : (
        <ul className="history">
          {rounds.slice(0, 12).map((round) => (
            <li key={round.roundId} className="history__row" data-round-id={round.roundId}>
              <span className="history__id">{shortRoundId(round.roundId)}</span>
              <span className="history__winners">
                {round.outcome.kind === 'settled' ? round.outcome.winners.join(' · ') : 'Void (refunded)'}
              </span>
              <MyResult result={myResultOf(round.roundId)} />
              <button type="button" className="link-button" onClick={() => onVerify(round.roundId)}>
                Verify
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">
        Each round commits to what decides it before betting opens; Verify recomputes the result from the
        published data.
      </p>
    </section>
  );
}

/** The player's net result per currency played ('+190 OJO · −10 FishXP'); empty when they had no bet. */
function MyResult({ result }: { result: PlayerRoundResult | null }) {
  const played = result ? (['OJO', 'POINT'] as const).filter((currency) => result[currency].staked > 0n) : [];
  if (!result || played.length === 0) return <span className="history__mine" />;
  const nets = played.map((currency) => netOf(result[currency]));
  const tone = nets.some((net) => net < 0n) ? 'down' : nets.some((net) => net > 0n) ? 'up' : 'flat';
  return (
    <span
      className={`history__mine history__mine--${tone}`}
      data-testid="history-mine"
      title="Your net result"
    >
      {played
        .map((currency) => `${formatNet(netOf(result[currency]))} ${CURRENCY_LABEL[currency]}`)
        .join(' · ')}
    </span>
  );
}
