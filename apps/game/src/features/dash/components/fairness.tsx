import type { DashRoundView } from '../state';

/** A fee in basis points as a percentage ('5%', '2.5%'). */
export const feePercent = (feeBps: number) => `${feeBps / 100}%`;

/**
 * What makes the round checkable, shown from its announcement on: the fee the round committed to and its
 * commitment (SHA-256 of its terms and secret seed), so a player can note it before betting and compare it on the
 * verify page after the race. The next round's commitment shows as soon as it is announced.
 */
export function Fairness({ round, next }: { round: DashRoundView; next: DashRoundView | null }) {
  return (
    <section className="fairness" aria-label="Round terms">
      <p className="fairness__row">
        <span className="fairness__term">Fee</span>
        <span data-testid="round-fee">
          {feePercent(round.terms.feeBps)} of each currency's stakes goes to its prize pool; the rest is
          shared by the bets on the top 2 tracks.
        </span>
      </p>
      <p className="fairness__row">
        <span className="fairness__term">Commitment</span>
        <code className="fairness__hash" data-testid="round-commitment" title="SHA-256 of the round's terms">
          {round.commitment}
        </code>
      </p>
      {next ? (
        <p className="fairness__row">
          <span className="fairness__term">Next round</span>
          <code className="fairness__hash" data-testid="next-commitment">
            {next.commitment}
          </code>
        </p>
      ) : null}
    </section>
  );
}
