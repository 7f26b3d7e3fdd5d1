import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DASH_TICKET_RATE, stakesByPlayer, ticketsEarned, ticketsForStakes } from './tickets';

describe('RULES.md Prize pool: one ticket for every 200 OJO, or 200 points, staked in settled rounds', () => {
  it('counts whole tickets of the season total', () => {
    expect(DASH_TICKET_RATE).toEqual({ OJO: 200n, POINT: 200n });
    expect(ticketsForStakes(199n, 'OJO')).toBe(0n);
    expect(ticketsForStakes(200n, 'OJO')).toBe(1n);
    expect(ticketsForStakes(1_000n, 'POINT')).toBe(5n);
    expect(() => ticketsForStakes(-1n, 'OJO')).toThrow('negative');
  });

  it('property: tickets earned round by round add up to the tickets of the season total (no fraction lost)', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10_000n })), (rounds) => {
        let staked = 0n;
        let earned = 0n;
        for (const stake of rounds) {
          earned += ticketsEarned(staked, stake, 'OJO');
          staked += stake;
        }
        expect(earned).toBe(ticketsForStakes(staked, 'OJO'));
      }),
    );
  });

  it("adds up each player's stakes per currency in a round", () => {
    const stakes = stakesByPlayer([
      { betId: '1', playerId: 'a', currency: 'OJO', track: 'BTC', amount: 200n },
      { betId: '2', playerId: 'a', currency: 'OJO', track: 'ETH', amount: 300n },
      { betId: '3', playerId: 'a', currency: 'POINT', track: 'ETH', amount: 50n },
      { betId: '4', playerId: 'b', currency: 'POINT', track: 'SOL', amount: 400n },
    ]);
    expect(Object.fromEntries(stakes)).toEqual({ a: { OJO: 500n, POINT: 50n }, b: { OJO: 0n, POINT: 400n } });
    expect(() =>
      stakesByPlayer([{ betId: '1', playerId: 'a', currency: 'ETH' as 'OJO', track: 'X', amount: 1n }]),
    ).toThrow('currency');
  });
});
