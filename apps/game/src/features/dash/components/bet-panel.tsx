import { placeBetRoute } from '@ojo/api-contract/game/http';
import { formatAmount } from '@ojo/domain/format/amount';
import { parseAmountInput, WHOLE_UNITS } from '@ojo/domain/format/amount-input';
import { roundPool } from '@ojo/domain/game/dash/pool';
import { ASSET_TEXT } from '@ojo/domain/messages';
import { useEffect, useState } from 'react';
import { type GameApi, GameApiError } from '../../../lib/api-client';
import { type Balances, type Currency, coversBet, startingCurrency } from '../balances';
import { trackShare } from '../race';
import type { DashRoundView, MyBet } from '../state';

/** product.md 1: points are also shown as FishXP. */
export const CURRENCY_LABEL: Record<Currency, string> = ASSET_TEXT;

interface BetPanelProps {
  round: DashRoundView;
  api: GameApi;
  /** The player's balances; null while unknown (not read yet, or the read failed). */
  balances: Balances | null;
  onPlaced(bet: MyBet): void;
  onUnauthorized(): void;
}

function newClientBetId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The bet panel: currency, amount and one or several tracks; a bet per track, its stake leaves at once. It starts
 * on OJO when the player's OJO covers the minimum OJO bet, else on points (startingCurrency); that start is taken
 * from the first balances known, and is the player's to change from then on.
 */
export function BetPanel({ round, api, balances, onPlaced, onUnauthorized }: BetPanelProps) {
  const [chosen, setChosen] = useState<Currency | null>(() =>
    balances === null ? null : startingCurrency(balances, round.terms.minStake),
  );
  // The balances arrived after the panel showed: start where the player can bet (React's state-from-props update).
  if (chosen === null && balances !== null) setChosen(startingCurrency(balances, round.terms.minStake));
  const currency = chosen ?? startingCurrency(null, round.terms.minStake);
  const minStake = round.terms.minStake[currency];
  // What the player typed or picked; until then, the minimum of the currency shown.
  const [typedAmount, setAmount] = useState<string | null>(null);
  const amount = typedAmount ?? minStake;
  const [tracks, setTracks] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const open = round.phase === 'betting';
  const roundId = round.terms.roundId;
  // A new round starts with no picks; the currency and amount stay as the player set them.
  useEffect(() => {
    if (roundId) setTracks([]);
    setMessage(null);
  }, [roundId]);
  // The field shows what was typed; the bet is the amount read from it, or none while the text is not an amount.
  const read = parseAmountInput(amount, WHOLE_UNITS);
  const stake = read.kind === 'amount' ? BigInt(read.value) : null;
  const amountValid = stake !== null && stake >= BigInt(minStake);
  const maxStake = round.terms.maxStake[currency];
  const underMax = maxStake === null || stake === null || stake <= BigInt(maxStake);

  const chooseCurrency = (next: Currency) => {
    setChosen(next);
    setAmount(null);
    setMessage(null);
  };
  const toggle = (symbol: string) =>
    setTracks((current) =>
      current.includes(symbol) ? current.filter((s) => s !== symbol) : [...current, symbol],
    );

  const place = async () => {
    if (stake === null) return;
    setBusy(true);
    setMessage(null);
    // A bet keeps its currency shown, whatever the balances say next.
    setChosen(currency);
    let placed = 0;
    try {
      for (const track of tracks) {
        const bet = await api.callRoute(placeBetRoute, {
          params: { id: round.terms.roundId },
          body: { currency, track, amount: String(stake), clientBetId: newClientBetId() },
        });
        onPlaced(bet);
        placed += 1;
      }
      setTracks([]);
      setMessage({ tone: 'ok', text: placed === 1 ? 'Bet placed.' : `${placed} bets placed.` });
    } catch (error) {
      if (error instanceof GameApiError && error.status === 401) onUnauthorized();
      const text = error instanceof Error ? error.message : 'The bet failed.';
      setMessage({ tone: 'error', text: placed > 0 ? `${placed} placed; then: ${text}` : text });
    } finally {
      setBusy(false);
    }
  };

  const total = (stake ?? 0n) * BigInt(tracks.length);
  const covered = coversBet(balances, currency, total);
  return (
    <section className="panel bet" aria-labelledby="bet-title">
      <h2 id="bet-title" className="panel__title">
        Place your bets
      </h2>
      <fieldset className="segmented" aria-label="Currency">
        {(['OJO', 'POINT'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={currency === option}
            className={currency === option ? 'segmented__item segmented__item--on' : 'segmented__item'}
            onClick={() => chooseCurrency(option)}
          >
            {CURRENCY_LABEL[option]}
          </button>
        ))}
      </fieldset>
      {balances ? (
        <p className="balance" data-testid="bet-balance" data-currency={currency}>
          Balance: {formatAmount(balances[currency])} {CURRENCY_LABEL[currency]}
        </p>
      ) : null}
      <label className="field">
        <span className="field__label">
          Amount per track <span className="field__hint">min {formatAmount(minStake)}</span>
        </span>
        <input
          className="field__input"
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={!amountValid || !underMax}
        />
      </label>
      {/* Under the field it is about, so a phone shows it without scrolling past the tracks. */}
      {read.kind === 'invalid' ? (
        <p className="note note--error" data-testid="bet-amount-error">
          {read.error}
        </p>
      ) : !amountValid ? (
        <p className="note note--error" data-testid="bet-amount-error">
          The minimum is {formatAmount(minStake)} {CURRENCY_LABEL[currency]}.
        </p>
      ) : !underMax && maxStake ? (
        <p className="note note--error">
          The maximum is {formatAmount(maxStake)} {CURRENCY_LABEL[currency]}.
        </p>
      ) : null}
      <div className="chips">
        {[1n, 2n, 5n, 10n].map((factor) => {
          const value = (BigInt(minStake) * factor).toString();
          return (
            <button key={value} type="button" className="chip" onClick={() => setAmount(value)}>
              {formatAmount(value)}
            </button>
          );
        })}
      </div>
      <fieldset className="picks">
        <legend className="field__label">Tracks (the top 2 win)</legend>
        {round.terms.tracks.map((symbol, index) => {
          const on = tracks.includes(symbol);
          return (
            <button
              key={symbol}
              type="button"
              aria-pressed={on}
              data-track={symbol}
              className={on ? 'pick pick--on' : 'pick'}
              onClick={() => toggle(symbol)}
              disabled={!open}
            >
              <span className="pick__lane">{index + 1}</span>
              <span className="pick__symbol">{symbol}</span>
              <span
                className="pick__share"
                data-testid={`pool-share-${symbol}`}
                title={`Share of this round's ${CURRENCY_LABEL[currency]} stakes on this track`}
              >
                Pool share {trackShare(round, currency, symbol)}
              </span>
            </button>
          );
        })}
      </fieldset>
      <button
        type="button"
        className="cta"
        disabled={!open || busy || tracks.length === 0 || !amountValid || !underMax || !covered}
        onClick={place}
      >
        {!open
          ? 'Betting is closed'
          : busy
            ? 'Placing…'
            : tracks.length === 0
              ? 'Pick one or more tracks'
              : stake === null
                ? 'Enter the amount'
                : !covered
                  ? `Not enough ${CURRENCY_LABEL[currency]}`
                  : `Bet ${formatAmount(total.toString())} ${CURRENCY_LABEL[currency]} on ${tracks.length} track${tracks.length > 1 ? 's' : ''}`}
      </button>
      {read.kind !== 'invalid' && amountValid && (underMax || !maxStake) && !covered ? (
        <p className="note note--error" data-testid="bet-not-covered">
          Your balance does not cover {formatAmount(total.toString())} {CURRENCY_LABEL[currency]}: lower the
          amount or pick fewer tracks.
        </p>
      ) : null}
      {message ? (
        <p className={`note note--${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      <PoolLine round={round} />
    </section>
  );
}

/** Each currency's pool as settlement shares it: the stakes plus any pool carried over from a round nobody won. */
function PoolLine({ round }: { round: DashRoundView }) {
  const carried = (['OJO', 'POINT'] as const).filter(
    (currency) => BigInt(round.terms.carryIn[currency]) > 0n,
  );
  return (
    <p className="pool">
      Pool: {formatAmount(roundPool(round, 'OJO').toString())} {CURRENCY_LABEL.OJO} ·{' '}
      {formatAmount(roundPool(round, 'POINT').toString())} {CURRENCY_LABEL.POINT}
      {carried.length > 0
        ? ` (carried over: ${carried
            .map((currency) => `${formatAmount(round.terms.carryIn[currency])} ${CURRENCY_LABEL[currency]}`)
            .join(' · ')})`
        : null}
    </p>
  );
}
