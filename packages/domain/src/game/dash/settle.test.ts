import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameCurrency } from '../amount';
import type { PriceSnapshot } from '../market/price';
import { changeRatio, compareRatios } from '../ratio';
import { type DashBet, rankTracks, refundDash, settleDash } from './settle';

const TRACKS = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE'];

function snapshot(prices: readonly bigint[], atMs = 0): PriceSnapshot {
  return {
    atMs,
    quotes: TRACKS.map((symbol, lane) => ({
      symbol,
      price: prices[lane]!.toString(),
      sourceTimeMs: atMs,
      tradeId: null,
    })),
  };
}

function b(
  betId: string,
  track: string,
  amount: bigint,
  currency: GameCurrency = 'OJO',
  playerId = `p-${betId}`,
): DashBet {
  return { betId, playerId, currency, track, amount };
}

const none = { OJO: 0n, POINT: 0n };
const price = fc.bigInt({ min: 1n, max: 10n ** 20n });
const prices = fc.array(price, { minLength: 5, maxLength: 5 });
const bets = fc.array(
  fc.record({
    track: fc.constantFrom(...TRACKS),
    amount: fc.bigInt({ min: 1n, max: 10n ** 21n }),
    currency: fc.constantFrom<GameCurrency>('OJO', 'POINT'),
  }),
  { maxLength: 60 },
);

describe("ARCHITECTURE.md (The coin race) Dash: 'The 2 coins with the highest % price rise win'", () => {
  it('property: every winner changed by at least as much as every loser; on a tie the lower lane wins', () => {
    fc.assert(
      fc.property(prices, prices, (start, end) => {
        const result = settleDash({
          tracks: TRACKS,
          feeBps: 500,
          carryIn: none,
          start: snapshot(start),
          end: snapshot(end),
          bets: [],
        });
        expect(result.winners).toHaveLength(2);
        const lane = (symbol: string) => TRACKS.indexOf(symbol);
        const change = (symbol: string) => changeRatio(start[lane(symbol)]!, end[lane(symbol)]!);
        for (const winner of result.winners) {
          for (const loser of TRACKS.filter((symbol) => !result.winners.includes(symbol))) {
            const order = compareRatios(change(winner), change(loser));
            expect(order === 1 || (order === 0 && lane(winner) < lane(loser))).toBe(true);
          }
        }
        // First place is the better of the two.
        const [first, second] = result.winners as [string, string];
        const order = compareRatios(change(first), change(second));
        expect(order === 1 || (order === 0 && lane(first) < lane(second))).toBe(true);
      }),
    );
  });

  it('compares exactly, where floating point would call it a tie', () => {
    // AAA: +1/3 exactly; BBB: +1/3 plus 1/(3 * 10^17): equal as doubles, so a float comparison would rank AAA first.
    const start = [3n, 3n * 10n ** 17n, 100n, 100n, 100n];
    const end = [4n, 4n * 10n ** 17n + 1n, 90n, 90n, 90n];
    expect((4 - 3) / 3).toBe((4e17 + 1 - 3e17) / 3e17);
    const ranked = rankTracks(TRACKS, snapshot(start), snapshot(end));
    expect(ranked.map((track) => track.place)).toEqual([2, 1, 3, 4, 5]);
  });

  it('when every coin fell, the two that fell least win; with no change at all, lanes 1 and 2 win', () => {
    const fell = settleDash({
      tracks: TRACKS,
      feeBps: 0,
      carryIn: none,
      start: snapshot([100n, 100n, 100n, 100n, 100n]),
      end: snapshot([90n, 99n, 80n, 98n, 50n]),
      bets: [],
    });
    expect(fell.winners).toEqual(['BBB', 'DDD']);
    const flat = settleDash({
      tracks: TRACKS,
      feeBps: 0,
      carryIn: none,
      start: snapshot([5n, 6n, 7n, 8n, 9n]),
      end: snapshot([5n, 6n, 7n, 8n, 9n]),
      bets: [],
    });
    expect(flat.winners).toEqual(['AAA', 'BBB']);
    expect(flat.tracks.map((track) => [track.changeNum, track.changeDen])).toEqual([
      ['0', '5'],
      ['0', '6'],
      ['0', '7'],
      ['0', '8'],
      ['0', '9'],
    ]);
  });
});

describe("ARCHITECTURE.md (The coin race): 'Settlement is integer arithmetic: payouts + fee + remainder = pool, exactly.'", () => {
  it('property: per currency, payouts + fee + remainder + carry-out = stakes + carry-in, and each payout is its pro-rata share rounded down', () => {
    fc.assert(
      fc.property(
        prices,
        prices,
        bets,
        fc.integer({ min: 0, max: 2000 }),
        fc.record({
          OJO: fc.bigInt({ min: 0n, max: 10n ** 22n }),
          POINT: fc.bigInt({ min: 0n, max: 10n ** 22n }),
        }),
        (start, end, picks, feeBps, carryIn) => {
          const given = picks.map((pick, i) => b(`b${i}`, pick.track, pick.amount, pick.currency));
          const result = settleDash({
            tracks: TRACKS,
            feeBps,
            carryIn,
            start: snapshot(start),
            end: snapshot(end),
            bets: given,
          });
          for (const currency of ['OJO', 'POINT'] as const) {
            const books = result.currencies[currency];
            const mine = given.filter((bet) => bet.currency === currency);
            const stakes = mine.reduce((sum, bet) => sum + bet.amount, 0n);
            const paid = result.payouts
              .filter((p) => p.currency === currency)
              .reduce((sum, p) => sum + p.amount, 0n);
            expect(BigInt(books.stakes)).toBe(stakes);
            expect(BigInt(books.paidOut)).toBe(paid);
            expect(paid + BigInt(books.fee) + BigInt(books.remainder) + BigInt(books.carryOut)).toBe(
              stakes + carryIn[currency],
            );
            expect(BigInt(books.fee)).toBe((stakes * BigInt(feeBps)) / 10_000n);
            const winning = mine.filter((bet) => result.winners.includes(bet.track));
            const winningStakes = winning.reduce((sum, bet) => sum + bet.amount, 0n);
            const distributable = BigInt(books.distributable);
            if (winning.length === 0) {
              expect(paid).toBe(0n);
              expect(BigInt(books.carryOut)).toBe(distributable);
            } else {
              expect(books.carryOut).toBe('0');
              // The remainder rule: less than one unit per winning bet.
              expect(BigInt(books.remainder)).toBeLessThan(BigInt(winning.length));
              for (const bet of winning) {
                const payout = result.payouts.find((p) => p.betId === bet.betId)?.amount ?? 0n;
                expect(payout * winningStakes <= distributable * bet.amount).toBe(true);
                expect((payout + 1n) * winningStakes > distributable * bet.amount).toBe(true);
              }
            }
          }
          // Losing bets are never paid.
          for (const payout of result.payouts)
            expect(result.winners).toContain(given.find((bet) => bet.betId === payout.betId)!.track);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a worked example: 5 % fee, remainder to the prize pool', () => {
    const result = settleDash({
      tracks: TRACKS,
      feeBps: 500,
      carryIn: none,
      start: snapshot([100n, 100n, 100n, 100n, 100n]),
      end: snapshot([110n, 105n, 100n, 90n, 80n]),
      bets: [b('x', 'AAA', 300n), b('y', 'BBB', 400n), b('z', 'CCC', 301n), b('w', 'AAA', 200n, 'POINT')],
    });
    expect(result.winners).toEqual(['AAA', 'BBB']);
    // Stakes 1001, fee floor(50.05) = 50, 951 to share over 700: 300 -> 407.57 -> 407, 400 -> 543.42 -> 543.
    expect(result.currencies.OJO).toEqual({
      bets: 3,
      stakes: '1001',
      carryIn: '0',
      fee: '50',
      distributable: '951',
      winningBets: 2,
      winningStakes: '700',
      paidOut: '950',
      remainder: '1',
      carryOut: '0',
    });
    expect(result.payouts).toEqual([
      { betId: 'x', playerId: 'p-x', currency: 'OJO', amount: 407n },
      { betId: 'y', playerId: 'p-y', currency: 'OJO', amount: 543n },
      { betId: 'w', playerId: 'p-w', currency: 'POINT', amount: 190n },
    ]);
  });

  it('RULES.md "No winning bet": the pool after the fee is carried, never kept', () => {
    const result = settleDash({
      tracks: TRACKS,
      feeBps: 1000,
      carryIn: { OJO: 77n, POINT: 5n },
      start: snapshot([100n, 100n, 100n, 100n, 100n]),
      end: snapshot([110n, 105n, 100n, 90n, 80n]),
      bets: [b('x', 'EEE', 1000n), b('y', 'DDD', 1000n)],
    });
    expect(result.payouts).toEqual([]);
    expect(result.currencies.OJO).toMatchObject({ fee: '200', remainder: '0', carryOut: '1877' });
    expect(result.currencies.POINT).toMatchObject({ fee: '0', carryOut: '5' });
  });

  it('a carried pool goes to the next round’s winners and pays no second fee', () => {
    const result = settleDash({
      tracks: TRACKS,
      feeBps: 500,
      carryIn: { OJO: 1000n, POINT: 0n },
      start: snapshot([100n, 100n, 100n, 100n, 100n]),
      end: snapshot([110n, 105n, 100n, 90n, 80n]),
      bets: [b('x', 'AAA', 200n)],
    });
    expect(result.payouts).toEqual([{ betId: 'x', playerId: 'p-x', currency: 'OJO', amount: 1190n }]);
  });

  it('refuses bets on unknown tracks, without a stake or in an unknown currency, and snapshots out of order', () => {
    const input = {
      tracks: TRACKS,
      feeBps: 0,
      carryIn: none,
      start: snapshot([1n, 1n, 1n, 1n, 1n]),
      end: snapshot([1n, 1n, 1n, 1n, 1n]),
    };
    expect(() => settleDash({ ...input, bets: [b('x', 'ZZZ', 1n)] })).toThrow('unknown track');
    expect(() => settleDash({ ...input, bets: [b('x', 'AAA', 0n)] })).toThrow('no stake');
    expect(() => settleDash({ ...input, bets: [b('x', 'AAA', 5n, 'ETH' as GameCurrency)] })).toThrow(
      'unknown currency',
    );
    expect(() =>
      settleDash({ ...input, bets: [], start: { ...input.start, quotes: input.start.quotes.slice(1) } }),
    ).toThrow('every track');
    expect(() =>
      settleDash({ ...input, bets: [], end: { ...input.end, quotes: [...input.end.quotes].reverse() } }),
    ).toThrow('lane order');
    expect(() => settleDash({ ...input, bets: [], end: snapshot([1n, 0n, 1n, 1n, 1n]) })).toThrow('above 0');
  });
});

describe('a void round refunds every bet exactly', () => {
  it('property: refunds equal the bets, one by one, and the carried pool passes on', () => {
    fc.assert(
      fc.property(bets, fc.bigInt({ min: 0n, max: 10n ** 20n }), (picks, carry) => {
        const given = picks.map((pick, i) => b(`b${i}`, pick.track, pick.amount, pick.currency));
        const result = refundDash({
          tracks: TRACKS,
          carryIn: { OJO: carry, POINT: 0n },
          bets: given,
          reason: 'feed_stale',
        });
        expect(result.refunds).toEqual(
          given.map(({ betId, playerId, currency, amount }) => ({ betId, playerId, currency, amount })),
        );
        const total = (currency: GameCurrency) =>
          given.filter((bet) => bet.currency === currency).reduce((sum, bet) => sum + bet.amount, 0n);
        expect(BigInt(result.currencies.OJO.refunded)).toBe(total('OJO'));
        expect(BigInt(result.currencies.POINT.refunded)).toBe(total('POINT'));
        expect(result.currencies.OJO.carryOut).toBe(carry.toString());
      }),
    );
  });
});
