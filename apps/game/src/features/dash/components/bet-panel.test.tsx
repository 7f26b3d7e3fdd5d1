import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GameApi } from '../../../lib/api-client';
import type { Balances } from '../balances';
import type { DashRoundView } from '../state';
import { BetPanel } from './bet-panel';

const round = {
  terms: {
    roundId: 'r1',
    tracks: ['AAA', 'BBB'],
    timeline: { opensAtMs: 0, closesAtMs: 1, raceEndsAtMs: 2, resultsEndAtMs: 3 },
    minStake: { OJO: '200', POINT: '2' },
    maxStake: { OJO: null, POINT: null },
    carryIn: { OJO: '0', POINT: '0' },
  },
  commitment: 'a'.repeat(64),
  phase: 'betting',
  pools: {
    OJO: { bets: 1, stakes: '1200', byTrack: { AAA: '1200' } },
    POINT: { bets: 2, stakes: '34', byTrack: { AAA: '4', BBB: '30' } },
  },
  startSnapshot: null,
  endSnapshot: null,
  voided: null,
  outcome: null,
  settledAtMs: null,
} as unknown as DashRoundView;

const text = (html: string) => html.replace(/<!-- -->/g, '');

function renderPanel(balances: Balances | null, terms: Partial<DashRoundView['terms']> = {}) {
  const html = renderToStaticMarkup(
    <BetPanel
      round={{ ...round, terms: { ...round.terms, ...terms } }}
      api={{} as GameApi}
      balances={balances}
      onPlaced={() => {}}
      onUnauthorized={() => {}}
    />,
  );
  const pressed = [...html.matchAll(/<button type="button" aria-pressed="true"[^>]*>([^<]*)<\/button>/g)].map(
    (match) => match[1],
  );
  return {
    html,
    /** The currency button shown pressed (the picks come after it and none is picked yet). */
    currency: pressed[0],
    amount: /<input[^>]*value="([^"]*)"/.exec(html)?.[1],
    balance: /data-testid="bet-balance"[^>]*>(.*?)<\/p>/.exec(text(html))?.[1],
  };
}

describe('the bet panel', () => {
  it("names the pools with the currencies' display names (points show as FishXP, product.md 1)", () => {
    const { html } = renderPanel(null);
    const pool = /<p class="pool">(.*?)<\/p>/.exec(text(html))?.[1];
    expect(pool).toBe('Pool: 1,200 OJO · 34 FishXP');
  });

  it('counts a pool carried over from a round nobody won in the pool, as settlement shares it', () => {
    const carried = renderPanel(null, { carryIn: { OJO: '570', POINT: '39' } });
    const pool = /<p class="pool">(.*?)<\/p>/.exec(text(carried.html))?.[1];
    expect(pool).toBe('Pool: 1,770 OJO · 73 FishXP (carried over: 570 OJO · 39 FishXP)');
  });

  it("labels each pick with its pool share, apart from the lanes' price change", () => {
    const { html } = renderPanel(null);
    const shares = [...text(html).matchAll(/data-testid="pool-share-(\w+)"[^>]*>(.*?)<\/span>/g)].map(
      ([, symbol, share]) => [symbol, share],
    );
    expect(shares).toEqual([
      ['AAA', 'Pool share 100.00%'],
      ['BBB', 'Pool share 0.00%'],
    ]);
  });

  it('starts on OJO, with its minimum, when the OJO balance covers the minimum OJO bet', () => {
    expect(renderPanel({ OJO: '200', POINT: '0' })).toMatchObject({
      currency: 'OJO',
      amount: '200',
      balance: 'Balance: 200 OJO',
    });
    expect(renderPanel({ OJO: '25000', POINT: '900' })).toMatchObject({
      currency: 'OJO',
      balance: 'Balance: 25,000 OJO',
    });
  });

  it('starts on points when the OJO balance is below the minimum OJO bet (0 OJO, or 1 short)', () => {
    expect(renderPanel({ OJO: '0', POINT: '500' })).toMatchObject({
      currency: 'FishXP',
      amount: '2',
      balance: 'Balance: 500 FishXP',
    });
    expect(renderPanel({ OJO: '199', POINT: '0' })).toMatchObject({
      currency: 'FishXP',
      balance: 'Balance: 0 FishXP',
    });
  });

  it("takes the minimum from the round's terms", () => {
    const terms = { minStake: { OJO: '500', POINT: '2' } } as Partial<DashRoundView['terms']>;
    expect(renderPanel({ OJO: '300', POINT: '10' }, terms).currency).toBe('FishXP');
    expect(renderPanel({ OJO: '500', POINT: '10' }, terms).currency).toBe('OJO');
  });

  it('while the balances are unknown, starts on OJO and shows no balance', () => {
    const panel = renderPanel(null);
    expect(panel.currency).toBe('OJO');
    expect(panel.balance).toBeUndefined();
  });
});
