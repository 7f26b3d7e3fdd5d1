import { changeBetRoute, withdrawBetRoute } from '@ojo/api-contract/game/http';
import { formatAmount } from '@ojo/domain/format/amount';
import { useState } from 'react';
import type { GameApi } from '../../../lib/api-client';
import type { DashRoundView, MyBet } from '../state';
import { CURRENCY_LABEL } from './bet-panel';

interface MyBetsProps {
  round: DashRoundView;
  bets: MyBet[];
  api: GameApi;
  onChanged(bet: MyBet): void;
}

/** The player's bets in this round; while betting is open each can move to another track or be withdrawn. */
export function MyBets({ round, bets, api, onChanged }: MyBetsProps) {
  const open = round.phase === 'betting';
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (betId: string, action: () => Promise<MyBet>) => {
    setBusy(betId);
    setError(null);
    try {
      onChanged(await action());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The change failed.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel" aria-labelledby="my-bets-title">
      <h2 id="my-bets-title" className="panel__title">
        My bets
      </h2>
      {bets.length === 0 ? (
        <p className="muted">{open ? 'No bets yet in this round.' : 'You have no bet in this round.'}</p>
      ) : (
        <ul className="bets">
          {bets.map((bet) => (
            <li
              key={bet.betId}
              className="bets__row"
              data-testid="my-bet"
              data-bet-id={bet.betId}
              data-track={bet.track}
            >
              <span className="bets__amount">
                {formatAmount(bet.amount)} {CURRENCY_LABEL[bet.currency]}
              </span>
              {open ? (
                <select
                  aria-label={`Track of the ${bet.track} bet`}
                  className="bets__track"
                  value={bet.track}
                  disabled={busy === bet.betId}
                  onChange={(event) =>
                    run(bet.betId, () =>
                      api.callRoute(changeBetRoute, {
                        params: { id: bet.roundId, betId: bet.betId },
                        body: { track: event.target.value, amount: bet.amount, revision: bet.revision + 1 },
                      }),
                    )
                  }
                >
                  {round.terms.tracks.map((symbol) => (
                    <option key={symbol} value={symbol}>
                      {symbol}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="bets__track">on {bet.track}</span>
              )}
              {open ? (
                <button
                  type="button"
                  className="link-button"
                  disabled={busy === bet.betId}
                  onClick={() =>
                    run(bet.betId, () =>
                      api.callRoute(withdrawBetRoute, { params: { id: bet.roundId, betId: bet.betId } }),
                    )
                  }
                >
                  Withdraw
                </button>
              ) : bet.returned !== null ? (
                <span className="bets__returned">+{formatAmount(bet.returned)}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="note note--error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
