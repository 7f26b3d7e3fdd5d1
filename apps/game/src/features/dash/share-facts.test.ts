import { describe, expect, it } from 'vitest';
import { raceShareFacts } from './share-facts';
import type { DashRoundView, MyBet } from './state';

const round = (winners: string[], raceMs: number) =>
  ({
    terms: {
      roundId: 'r-1',
      timeline: { opensAtMs: 0, closesAtMs: 10_000, raceEndsAtMs: 10_000 + raceMs, resultsEndAtMs: 0 },
    },
    outcome: { kind: 'settled', winners },
  }) as unknown as DashRoundView;
const bet = (track: string) => ({ track, currency: 'POINT', amount: '2' }) as unknown as MyBet;

describe('what a race share says the player did', () => {
  it('counts the coins picked (a coin bet twice is one) and those among the winners; the race length of the round', () => {
    expect(raceShareFacts(round(['BTC', 'ETH'], 20_000), [bet('BTC'), bet('SOL'), bet('BTC')])).toEqual({
      picked: 2,
      hits: 1,
      raceSeconds: 20,
    });
    expect(raceShareFacts(round(['BTC', 'ETH'], 6_000), [bet('BTC'), bet('ETH')])).toEqual({
      picked: 2,
      hits: 2,
      raceSeconds: 6,
    });
  });
});
