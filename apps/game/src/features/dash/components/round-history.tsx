import type { RoundSummary } from '../state';
import { shortRoundId } from './phase-bar';

interface RoundHistoryProps {
  rounds: RoundSummary[];
  onVerify(roundId: string): void;
}

/** Finished rounds, newest first, each with its winners and a link to recompute it from the published data. */
export function RoundHistory({ rounds, onVerify }: RoundHistoryProps) {
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
            <li key={round.roundId} className="history__row">
              <span className="history__id">{shortRoundId(round.roundId)}</span>
              <span className="history__winners">
                {round.outcome.kind === 'settled' ? round.outcome.winners.join(' · ') : 'Void (refunded)'}
              </span>
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
