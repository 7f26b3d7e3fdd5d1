import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GameApi } from '../../../lib/api-client';
import type { DashRoundView } from '../state';
import { BetPanel } from './bet-panel';

const round = {
  terms: {
    roundId: 'r1',
    tracks: ['AAA', 'BBB'],
    timeline: { opensAtMs: 0, closesAtMs: 1, raceEndsAtMs: 2, resultsEndAtMs: 3 },
    minStake: { OJO: '200', POINT: '2' },
    maxStake: { OJO: null, POINT: null },
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

describe('the bet panel', () => {
  it("names the pools with the currencies' display names (points show as FishXP, spec 1)", () => {
    const html = renderToStaticMarkup(
      <BetPanel round={round} api={{} as GameApi} onPlaced={() => {}} onUnauthorized={() => {}} />,
    );
    const pool = /<p class="pool">(.*?)<\/p>/.exec(html)?.[1]?.replace(/<!-- -->/g, '');
    expect(pool).toBe('Pool: 1,200 OJO · 34 FishXP');
  });
});
