import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DashRoundView, MyBet } from '../state';
import { CURRENCY_LABEL } from './bet-panel';
import { ResultPanel } from './result-panel';

/** Only what the panel reads of a round and of a bet. */
const round = (outcome: unknown) => ({ terms: { roundId: 'r-1' }, outcome }) as unknown as DashRoundView;
const bet = (currency: 'OJO' | 'POINT', amount: string, track = 'BTC') =>
  ({ currency, amount, track }) as unknown as MyBet;
const render = (outcome: unknown, bets: MyBet[], returned = { OJO: 0n, POINT: 0n }) =>
  renderToStaticMarkup(
    <ResultPanel round={round(outcome)} bets={bets} returned={returned} onShare={() => {}} />,
  );

/** The staked and returned lines in the order shown: [term, value, term, value] per currency. */
const lines = (html: string) =>
  [...html.matchAll(/<div class="result__line" data-currency="(\w+)">(.*?)<\/div>/g)].map(
    ([, currency, body]) => [
      currency,
      [...(body ?? '').matchAll(/<(dt|dd)[^>]*>(.*?)<\/\1>/g)].map(([, , text]) =>
        text?.replace(/<!-- -->/g, ''),
      ),
    ],
  );

describe('ResultPanel', () => {
  it('shows a void round: what each currency staked and its full refund', () => {
    const html = render({ kind: 'void', reason: 'feed_stale' }, [bet('OJO', '300'), bet('POINT', '50')], {
      OJO: 300n,
      POINT: 50n,
    });
    expect(html).toContain('data-outcome="void"');
    expect(html).toContain('The price feed went stale.');
    expect(lines(html)).toEqual([
      ['OJO', ['Staked', '300 OJO', 'Refunded', '300 OJO', 'Net', '0 OJO', 'Multiplier', '1.00×']],
      [
        'POINT',
        [
          'Staked',
          `50 ${CURRENCY_LABEL.POINT}`,
          'Refunded',
          `50 ${CURRENCY_LABEL.POINT}`,
          'Net',
          `0 ${CURRENCY_LABEL.POINT}`,
          'Multiplier',
          '1.00×',
        ],
      ],
    ]);
    expect(html).toContain('data-testid="payout-OJO"');
  });

  it('shows no lines for a void round the player did not play', () => {
    const html = render({ kind: 'void', reason: 'cancelled' }, []);
    expect(html).toContain('The round was cancelled.');
    expect(html).not.toContain('result__numbers');
  });

  it('shows a settled round: staked and payout per currency played, or that the player had no bet', () => {
    const won = render({ kind: 'settled', winners: ['BTC'] }, [bet('OJO', '200', 'BTC')], {
      OJO: 390n,
      POINT: 0n,
    });
    expect(won).toContain('You won!');
    expect(lines(won)).toEqual([
      ['OJO', ['Staked', '200 OJO', 'Payout', '390 OJO', 'Net', '+190 OJO', 'Multiplier', '1.95×']],
    ]);
    expect(won).toContain('Share this race');
    const none = render({ kind: 'settled', winners: ['BTC'] }, []);
    expect(none).toContain('You had no bet in this round.');
    expect(none).not.toContain('result__numbers');
  });

  it('a winning pick that paid back less than the stakes is a net loss, shown per currency, never a win', () => {
    const shared: { outcome?: string }[] = [];
    const html = renderToStaticMarkup(
      <ResultPanel
        round={round({ kind: 'settled', winners: ['BTC', 'ETH'] })}
        bets={[bet('OJO', '200', 'BTC'), bet('OJO', '200', 'SOL'), bet('POINT', '10', 'SOL')]}
        returned={{ OJO: 380n, POINT: 0n }}
        onShare={(share) => shared.push(share)}
      />,
    );
    expect(html).not.toContain('You won!');
    expect(html).toContain('Net loss');
    expect(lines(html)).toEqual([
      ['OJO', ['Staked', '400 OJO', 'Payout', '380 OJO', 'Net', '−20 OJO', 'Multiplier', '0.95×']],
      [
        'POINT',
        [
          'Staked',
          `10 ${CURRENCY_LABEL.POINT}`,
          'Payout',
          `0 ${CURRENCY_LABEL.POINT}`,
          'Net',
          `−10 ${CURRENCY_LABEL.POINT}`,
          'Multiplier',
          '0.00×',
        ],
      ],
    ]);
  });

  it('names a break-even round and a round with nothing back', () => {
    const even = render({ kind: 'settled', winners: ['BTC'] }, [bet('POINT', '4', 'BTC')], {
      OJO: 0n,
      POINT: 4n,
    });
    expect(even).toContain('Break-even');
    expect(even).not.toContain('You won!');
    const lost = render({ kind: 'settled', winners: ['BTC'] }, [bet('POINT', '4', 'ETH')]);
    expect(lost).toContain('Not this time');
  });
});
