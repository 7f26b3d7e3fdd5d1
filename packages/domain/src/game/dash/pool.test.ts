import { describe, expect, it } from 'vitest';
import { bet, playRound, simulatedRound } from '../../../test/dash-fixture';
import { formatMultiplier, formatNet, netOf, roundPool, roundPools, roundVerdict } from './pool';

describe("RULES.md: a carried pool 'is shown in the next round's pool'", () => {
  it('the pool shown is what settlement shares: payouts + fee + remainder + carry-out, with the carry-in', () => {
    const simulated = simulatedRound({ carryIn: { OJO: 570n, POINT: 39n } });
    const [A, B] = simulated.terms.tracks as [string, string];
    const { state } = playRound(simulated, [
      bet('1', 'p1', A, 400n),
      bet('2', 'p2', B, 300n),
      bet('3', 'p1', A, 210n, 'POINT'),
    ]);
    expect(roundPools(state)).toEqual({ OJO: '1270', POINT: '249' });
    const outcome = state.outcome;
    if (outcome?.kind !== 'settled') throw new Error('the round should settle');
    for (const currency of ['OJO', 'POINT'] as const) {
      const books = outcome.currencies[currency];
      const shared =
        BigInt(books.paidOut) + BigInt(books.fee) + BigInt(books.remainder) + BigInt(books.carryOut);
      expect(shared).toBe(roundPool(state, currency));
    }
  });

  it('a round nobody bet on yet shows its carried pool, not 0', () => {
    const { round } = simulatedRound({ carryIn: { OJO: 570n, POINT: 39n } });
    expect(roundPool(round, 'OJO')).toBe(570n);
    expect(roundPool(round, 'POINT')).toBe(39n);
  });
});

describe("a player's round result per currency (the net result, not whether a pick won)", () => {
  const zero = { staked: 0n, returned: 0n };

  it('400 OJO and 10 FishXP staked, 380 OJO back: a net loss, never a win', () => {
    const result = { OJO: { staked: 400n, returned: 380n }, POINT: { staked: 10n, returned: 0n } };
    expect(roundVerdict(result)).toBe('lost');
    expect(formatNet(netOf(result.OJO))).toBe('−20');
    expect(formatNet(netOf(result.POINT))).toBe('−10');
    expect(formatMultiplier(result.OJO)).toBe('0.95×');
    expect(formatMultiplier(result.POINT)).toBe('0.00×');
  });

  it('tells a win, a mixed round, a break-even and no bet apart', () => {
    expect(roundVerdict({ OJO: { staked: 400n, returned: 1_520n }, POINT: zero })).toBe('won');
    expect(
      roundVerdict({ OJO: { staked: 400n, returned: 1_520n }, POINT: { staked: 10n, returned: 0n } }),
    ).toBe('mixed');
    expect(roundVerdict({ OJO: zero, POINT: { staked: 200n, returned: 200n } })).toBe('even');
    expect(roundVerdict({ OJO: zero, POINT: zero })).toBe('none');
  });

  it('writes the net with its sign and grouping, and the multiplier cut to 2 decimals', () => {
    expect(formatNet(1_120n)).toBe('+1,120');
    expect(formatNet(0n)).toBe('0');
    expect(formatMultiplier({ staked: 400n, returned: 1_520n })).toBe('3.80×');
    expect(formatMultiplier({ staked: 3n, returned: 2n })).toBe('0.66×');
    expect(formatMultiplier(zero)).toBe('—');
  });
});
