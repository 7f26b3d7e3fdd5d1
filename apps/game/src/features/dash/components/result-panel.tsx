import { formatAmount } from '@ojo/domain/format/amount';
import {
  formatMultiplier,
  formatNet,
  netOf,
  type PlayerRoundResult,
  roundVerdict,
} from '@ojo/domain/game/dash/pool';
import type { Currency } from '../balances';
import type { DashRoundView, MyBet } from '../state';
import { CURRENCY_LABEL } from './bet-panel';

interface ResultPanelProps {
  round: DashRoundView;
  bets: MyBet[];
  returned: Record<Currency, bigint>;
  /** The previous round's result, shown while the next one takes bets. */
  last?: boolean;
  onShare(share: { outcome: 'win' | 'loss'; currency?: Currency; payout?: string }): void;
}

/** The round's result: the winning coins, what the player staked and got back, and the share button. */
export function ResultPanel({ round, bets, returned, last = false, onShare }: ResultPanelProps) {
  const outcome = round.outcome;
  if (!outcome) return null;
  const staked: Record<Currency, bigint> = { OJO: 0n, POINT: 0n };
  for (const bet of bets) staked[bet.currency] += BigInt(bet.amount);
  const played = (['OJO', 'POINT'] as const).filter((currency) => staked[currency] > 0n);
  const winnings = (['OJO', 'POINT'] as const).filter((currency) => returned[currency] > 0n);

  if (outcome.kind === 'void') {
    return (
      <section
        className="panel result result--void"
        aria-live="polite"
        data-testid="result"
        data-round-id={round.terms.roundId}
        data-outcome="void"
      >
        <h2 className="panel__title">{last ? 'Last round · ' : ''}Round void</h2>
        <p>
          {outcome.reason === 'feed_stale' ? 'The price feed went stale.' : 'The round was cancelled.'} Every
          bet is refunded in full.
        </p>
        <StakedAndReturned played={played} staked={staked} returned={returned} returnedLabel="Refunded" />
      </section>
    );
  }

  // Judged on the net result per currency: a winning pick can pay back less than the picks cost.
  const verdict = roundVerdict(resultOf(staked, returned));
  const won = verdict === 'won';
  const main: Currency | undefined = winnings[0] ?? played[0];
  return (
    <section
      className={`panel result ${won ? 'result--win' : ''}`}
      aria-live="polite"
      data-testid="result"
      data-round-id={round.terms.roundId}
      data-outcome="settled"
    >
      <h2 className="panel__title">
        {last ? 'Last round · ' : ''}
        {VERDICT_TITLE[verdict === 'lost' && winnings.length === 0 ? 'nothing back' : verdict]}
      </h2>
      <p className="result__winners">
        Winners:{' '}
        {outcome.winners.map((symbol) => (
          <strong key={symbol} className="result__coin">
            {symbol}
          </strong>
        ))}
      </p>
      {played.length > 0 ? (
        <StakedAndReturned played={played} staked={staked} returned={returned} returnedLabel="Payout" />
      ) : (
        <p className="muted">You had no bet in this round.</p>
      )}
      {played.length > 0 ? (
        <button
          type="button"
          className="cta cta--ghost"
          onClick={() =>
            onShare({
              outcome: won ? 'win' : 'loss',
              currency: main,
              payout: won && main ? returned[main].toString() : undefined,
            })
          }
        >
          Share this race
        </button>
      ) : null}
    </section>
  );
}

const VERDICT_TITLE = {
  won: 'You won!',
  mixed: 'Mixed result',
  even: 'Break-even',
  lost: 'Net loss',
  'nothing back': 'Not this time',
  none: 'Race result',
} as const;

function resultOf(staked: Record<Currency, bigint>, returned: Record<Currency, bigint>): PlayerRoundResult {
  return {
    OJO: { staked: staked.OJO, returned: returned.OJO },
    POINT: { staked: staked.POINT, returned: returned.POINT },
  };
}

/**
 * What the player staked and got back in each currency played, the net result and the payout multiplier (nothing
 * when no currency was played).
 */
function StakedAndReturned({
  played,
  staked,
  returned,
  returnedLabel,
}: {
  played: readonly Currency[];
  staked: Record<Currency, bigint>;
  returned: Record<Currency, bigint>;
  returnedLabel: 'Refunded' | 'Payout';
}) {
  if (played.length === 0) return null;
  return (
    <dl className="result__numbers">
      {played.map((currency) => (
        <div key={currency} className="result__line" data-currency={currency}>
          <dt>Staked</dt>
          <dd>
            {formatAmount(staked[currency].toString())} {CURRENCY_LABEL[currency]}
          </dd>
          <dt>{returnedLabel}</dt>
          <dd className="result__payout" data-testid={`payout-${currency}`}>
            {formatAmount(returned[currency].toString())} {CURRENCY_LABEL[currency]}
          </dd>
          <dt>Net</dt>
          <dd
            className={`result__net result__net--${netTone(staked[currency], returned[currency])}`}
            data-testid={`net-${currency}`}
          >
            {formatNet(netOf({ staked: staked[currency], returned: returned[currency] }))}{' '}
            {CURRENCY_LABEL[currency]}
          </dd>
          <dt>Multiplier</dt>
          <dd className="result__multiplier" data-testid={`multiplier-${currency}`}>
            {formatMultiplier({ staked: staked[currency], returned: returned[currency] })}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const netTone = (staked: bigint, returned: bigint) =>
  returned > staked ? 'up' : returned < staked ? 'down' : 'flat';
