import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEASON_STATES } from '../../enums';
import { canonicalJson } from '../fair';
import {
  canonicalHoldings,
  drawCommitment,
  drawTerms,
  drawWinners,
  type PublishedDraw,
  type TicketHolding,
  verifyDraw,
} from './draw';
import {
  DEFAULT_LADDER_CONFIG,
  type LadderConfig,
  type LadderStanding,
  ladderConfigProblem,
  ladderZones,
  rankLadder,
  settleLadder,
} from './ladder';
import {
  DEFAULT_PRIZE_POOL_CONFIG,
  prizePoolConfigProblem,
  rankPrizeAmounts,
  sharePrizePool,
} from './prize-pool';
import { openSeasonAt, type Season, seasonProblem, seasonState } from './season';
import { settleSeason } from './settle-season';

const SEED = '7a'.repeat(32);
const season: Season = { id: 's1', startsAtMs: 1000, endsAtMs: 2000, settledAtMs: null };

describe("product.md 3 'Season states: closing, open, closed.'", () => {
  it('is open while play counts, closing until settled, closed after; nothing before it starts', () => {
    expect(seasonState(season, 999)).toBeNull();
    expect(seasonState(season, 1000)).toBe('open');
    expect(seasonState(season, 1999)).toBe('open');
    expect(seasonState(season, 2000)).toBe('closing');
    expect(seasonState({ ...season, settledAtMs: 2500 }, 2600)).toBe('closed');
    const seen = new Set(
      [1000, 2000]
        .map((t) => seasonState(season, t))
        .concat(seasonState({ ...season, settledAtMs: 2000 }, 2000)),
    );
    expect([...seen].sort()).toEqual([...SEASON_STATES].sort());
  });

  it('finds the open season and checks a season', () => {
    const next: Season = { id: 's2', startsAtMs: 2000, endsAtMs: 3000, settledAtMs: null };
    expect(openSeasonAt([season, next], 2500)?.id).toBe('s2');
    expect(openSeasonAt([season, next], 3000)).toBeUndefined();
    expect(seasonProblem(season)).toBeNull();
    expect(seasonProblem({ ...season, id: '' })).toContain('id');
    expect(seasonProblem({ ...season, endsAtMs: 1000 })).toContain('ends after');
    expect(seasonProblem({ ...season, startsAtMs: 1.5 })).toContain('ms');
    expect(seasonProblem({ ...season, settledAtMs: 1500 })).toContain('settled after');
  });
});

function standing(playerId: string, tier: number, result: bigint, bets = 10, staked = 1000n): LadderStanding {
  return { playerId, tier, result, staked, bets };
}

describe("product.md 3 'Reward or ladder states: up, down, keep, promotion.': ladder settlement", () => {
  it('ranks within a tier by result, then stakes, then player id, higher tiers first on the whole ladder', () => {
    const ranked = rankLadder([
      standing('c', 0, 50n),
      standing('a', 0, 50n, 10, 2000n),
      standing('b', 0, 50n),
      standing('z', 1, -500n),
    ]);
    expect(ranked.map((r) => [r.playerId, r.rank, r.rankInTier])).toEqual([
      ['z', 1, 1],
      ['a', 2, 1],
      ['b', 3, 2],
      ['c', 4, 3],
    ]);
  });

  it('sizes the zones as RULES.md says (promotion rounded down, up rounded up, down rounded down)', () => {
    expect(ladderZones(0, DEFAULT_LADDER_CONFIG)).toEqual({ promotion: 0, up: 0, down: 0 });
    expect(ladderZones(1, DEFAULT_LADDER_CONFIG)).toEqual({ promotion: 0, up: 1, down: 0 });
    expect(ladderZones(20, DEFAULT_LADDER_CONFIG)).toEqual({ promotion: 1, up: 4, down: 4 });
    expect(ladderZones(101, DEFAULT_LADDER_CONFIG)).toEqual({ promotion: 5, up: 21, down: 20 });
  });

  it('promotes, moves up, keeps and moves down a tier of 20 active players, and moves the inactive down', () => {
    const players = Array.from({ length: 20 }, (_, i) =>
      standing(`p${String(i).padStart(2, '0')}`, 2, BigInt(100 - i)),
    );
    const result = settleLadder([...players, standing('idle', 2, 0n, 4)], DEFAULT_LADDER_CONFIG);
    const state = (id: string) => result.find((r) => r.playerId === id)!;
    expect(state('p00')).toEqual({
      playerId: 'p00',
      fromTier: 2,
      toTier: 4,
      rankInTier: 1,
      state: 'promotion',
    });
    expect([state('p01').state, state('p03').state, state('p04').state, state('p15').state]).toEqual([
      'up',
      'up',
      'keep',
      'keep',
    ]);
    expect(state('p16')).toMatchObject({ toTier: 1, state: 'down' });
    expect(state('p19').state).toBe('down');
    expect(state('idle')).toMatchObject({ toTier: 1, state: 'down' });
  });

  it('stops moves at the top and bottom tiers and names what really happened', () => {
    const top = DEFAULT_LADDER_CONFIG.tiers.length - 1;
    const config: LadderConfig = { ...DEFAULT_LADDER_CONFIG, promotionShareBps: 2000 };
    const result = settleLadder(
      [
        standing('near', top - 1, 9n),
        standing('top', top, 9n),
        standing('floor', 0, 0n, 0),
        standing('t2', top, 1n),
        standing('t3', top, 0n),
        standing('t4', top, -1n),
        standing('t5', top, -2n),
      ],
      config,
    );
    const state = (id: string) => result.find((r) => r.playerId === id)!;
    expect(state('near')).toMatchObject({ toTier: top, state: 'up' });
    expect(state('top')).toMatchObject({ toTier: top, state: 'keep' });
    expect(state('floor')).toMatchObject({ toTier: 0, state: 'keep' });
    expect(state('t5')).toMatchObject({ toTier: top - 1, state: 'down' });
  });

  it('property: every player is settled once, moves at most two tiers up or one down, and stays on the ladder', () => {
    const top = DEFAULT_LADDER_CONFIG.tiers.length - 1;
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            playerId: fc.string({ minLength: 1, maxLength: 6 }),
            tier: fc.integer({ min: 0, max: top }),
            result: fc.bigInt({ min: -1000n, max: 1000n }),
            bets: fc.nat(20),
          }),
          { selector: (s) => s.playerId, maxLength: 80 },
        ),
        (rows) => {
          const result = settleLadder(
            rows.map((r) => ({ ...r, staked: 0n })),
            DEFAULT_LADDER_CONFIG,
          );
          expect(result.map((r) => r.playerId).sort()).toEqual(rows.map((r) => r.playerId).sort());
          for (const r of result) {
            expect(r.toTier - r.fromTier).toBeGreaterThanOrEqual(-1);
            expect(r.toTier - r.fromTier).toBeLessThanOrEqual(2);
            expect(r.toTier).toBeGreaterThanOrEqual(0);
            expect(r.toTier).toBeLessThanOrEqual(top);
            const moved = r.toTier - r.fromTier;
            expect(r.state).toBe(
              moved === 2 ? 'promotion' : moved === 1 ? 'up' : moved === 0 ? 'keep' : 'down',
            );
          }
        },
      ),
    );
  });

  it('refuses a bad ladder, an unknown tier and a player standing twice', () => {
    expect(ladderConfigProblem(DEFAULT_LADDER_CONFIG)).toBeNull();
    expect(ladderConfigProblem({ ...DEFAULT_LADDER_CONFIG, tiers: ['One'] })).toContain('2 distinct');
    expect(ladderConfigProblem({ ...DEFAULT_LADDER_CONFIG, upShareBps: 10_001 })).toContain('bps');
    expect(ladderConfigProblem({ ...DEFAULT_LADDER_CONFIG, promotionShareBps: 3000 })).toContain(
      'inside the up zone',
    );
    expect(ladderConfigProblem({ ...DEFAULT_LADDER_CONFIG, downShareBps: 9000 })).toContain('overlap');
    expect(ladderConfigProblem({ ...DEFAULT_LADDER_CONFIG, minBets: 0 })).toContain('minBets');
    expect(() => settleLadder([], { ...DEFAULT_LADDER_CONFIG, tiers: [] })).toThrow(RangeError);
    expect(() => settleLadder([standing('a', 99, 0n)], DEFAULT_LADDER_CONFIG)).toThrow('unknown tier');
    expect(() => settleLadder([standing('a', 0, 0n), standing('a', 1, 0n)], DEFAULT_LADDER_CONFIG)).toThrow(
      'once',
    );
  });
});

const holdings: TicketHolding[] = [
  { playerId: 'carol', tickets: '5' },
  { playerId: 'alice', tickets: '100' },
  { playerId: 'bob', tickets: '1' },
  { playerId: 'dave', tickets: '0' },
  { playerId: 'erin', tickets: '40' },
];
const terms = drawTerms('s1', 'OJO', 3);

function published(): PublishedDraw {
  return {
    terms,
    commitment: drawCommitment(terms, SEED),
    seed: SEED,
    holdings,
    winners: drawWinners(terms, SEED, holdings),
  };
}

describe('the ticket draw, committed before it is drawn as the race is', () => {
  it('draws distinct holders, one prize each, never one without tickets', () => {
    const winners = drawWinners(terms, SEED, holdings);
    expect(winners.map((w) => w.order)).toEqual([1, 2, 3]);
    expect(new Set(winners.map((w) => w.playerId)).size).toBe(3);
    expect(winners.map((w) => w.playerId)).not.toContain('dave');
    expect(drawWinners(drawTerms('s1', 'OJO', 10), SEED, holdings)).toHaveLength(4);
    expect(drawWinners(terms, SEED, [])).toEqual([]);
  });

  it('gives each ticket an equal chance (alice, with 100 of 146 tickets, wins the first draw about 68 % of the time)', () => {
    let alice = 0;
    for (let i = 0; i < 400; i += 1)
      if (drawWinners(drawTerms(`s${i}`, 'OJO', 1), SEED, holdings)[0]!.playerId === 'alice') alice += 1;
    expect(alice / 400).toBeGreaterThan(0.6);
    expect(alice / 400).toBeLessThan(0.77);
  });

  it('verifies from the published data; a tampered seed, ticket list or winner fails', () => {
    expect(verifyDraw(published())).toEqual({
      valid: true,
      detail: 'the seed opens the commitment and draws the published winners',
    });
    expect(verifyDraw({ ...published(), seed: 'ff'.repeat(32) }).detail).toContain('commitment');
    // Taking the first winner's tickets away cannot leave the published winners standing.
    const first = published().winners[0]!.playerId;
    const fewer = holdings.map((h) => (h.playerId === first ? { ...h, tickets: '0' } : h));
    expect(verifyDraw({ ...published(), holdings: fewer })).toEqual({
      valid: false,
      detail: 'the seed and the tickets draw other winners',
    });
    expect(verifyDraw({ ...published(), winners: [...published().winners].reverse() }).valid).toBe(false);
    expect(verifyDraw({ ...published(), seed: 'x' }).detail).toMatch(/^malformed data/);
  });

  it('orders holdings canonically and refuses a repeated player or a bad count', () => {
    expect(canonicalHoldings(holdings).map((h) => h.playerId)).toEqual(['alice', 'bob', 'carol', 'erin']);
    expect(canonicalJson(drawWinners(terms, SEED, [...holdings].reverse()))).toBe(
      canonicalJson(drawWinners(terms, SEED, holdings)),
    );
    expect(() => canonicalHoldings([...holdings, { playerId: 'bob', tickets: '3' }])).toThrow('holds twice');
    expect(() => canonicalHoldings([{ playerId: 'x', tickets: '-1' }])).toThrow('amount');
    expect(() => drawTerms('s', 'OJO', -1)).toThrow('prizes');
  });
});

describe('the prize pool shared by rank and by the ticket draw', () => {
  it('property: rank prizes + draw prizes + carry = pool, exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 25n }),
        fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 15 }),
        fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 15 }),
        (pool, ranked, drawn) => {
          const share = sharePrizePool(pool, ranked, drawn, DEFAULT_PRIZE_POOL_CONFIG);
          const paid = [...share.rankPrizes, ...share.drawPrizes].reduce(
            (sum, prize) => sum + prize.amount,
            0n,
          );
          expect(paid + share.carryOut).toBe(pool);
          expect(share.carryOut >= 0n).toBe(true);
          expect(share.rankPrizes.length).toBeLessThanOrEqual(
            DEFAULT_PRIZE_POOL_CONFIG.rankWeightsBps.length,
          );
        },
      ),
    );
  });

  it('a worked example: half to the top 10 by weight, half to 10 draw winners, the rest carried', () => {
    const share = sharePrizePool(100_000n, ['a', 'b', 'c'], ['x', 'y'], DEFAULT_PRIZE_POOL_CONFIG);
    expect(share.rankPrizes).toEqual([
      { playerId: 'a', rank: 1, amount: 15_000n },
      { playerId: 'b', rank: 2, amount: 10_000n },
      { playerId: 'c', rank: 3, amount: 7_500n },
    ]);
    expect(share.drawPrizes).toEqual([
      { playerId: 'x', order: 1, amount: 5_000n },
      { playerId: 'y', order: 2, amount: 5_000n },
    ]);
    expect(share.carryOut).toBe(57_500n);
    expect(sharePrizePool(5n, ['a'], ['x'], DEFAULT_PRIZE_POOL_CONFIG)).toEqual({
      rankPrizes: [],
      drawPrizes: [],
      carryOut: 5n,
    });
  });

  it('pays each ranked place the amount the ranks page shows for it (one rule for both)', () => {
    const pool = 123_457n;
    const ranked = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const amounts = rankPrizeAmounts(pool, DEFAULT_PRIZE_POOL_CONFIG);
    expect(amounts).toHaveLength(DEFAULT_PRIZE_POOL_CONFIG.rankWeightsBps.length);
    expect(amounts[0]).toBe(18_518n); // 50% of the pool, 30% of that, rounded down
    const share = sharePrizePool(pool, ranked, [], DEFAULT_PRIZE_POOL_CONFIG);
    expect(share.rankPrizes.map((prize) => prize.amount)).toEqual(amounts);
  });

  it('refuses a bad configuration or a negative pool', () => {
    expect(prizePoolConfigProblem(DEFAULT_PRIZE_POOL_CONFIG)).toBeNull();
    expect(prizePoolConfigProblem({ ...DEFAULT_PRIZE_POOL_CONFIG, drawShareBps: 6000 })).toContain(
      '0 to 10000',
    );
    expect(prizePoolConfigProblem({ ...DEFAULT_PRIZE_POOL_CONFIG, rankWeightsBps: [9000, 2000] })).toContain(
      'at most 10000',
    );
    expect(prizePoolConfigProblem({ ...DEFAULT_PRIZE_POOL_CONFIG, drawPrizes: -1 })).toContain('drawPrizes');
    expect(() => sharePrizePool(-1n, [], [], DEFAULT_PRIZE_POOL_CONFIG)).toThrow('negative');
    expect(() => sharePrizePool(1n, [], [], { ...DEFAULT_PRIZE_POOL_CONFIG, drawPrizes: 0.5 })).toThrow(
      RangeError,
    );
    expect(
      sharePrizePool(1000n, [], ['x'], { ...DEFAULT_PRIZE_POOL_CONFIG, drawPrizes: 0 }).drawPrizes,
    ).toEqual([]);
  });
});

describe('settling a season', () => {
  it('settles the ladder, pays the eligible ranks and the draw winners, and carries the rest', () => {
    const standings = [standing('alice', 0, 500n), standing('bob', 0, -100n), standing('idle', 0, 900n, 1)];
    const result = settleSeason({
      seasonId: 's1',
      currency: 'OJO',
      standings,
      holdings,
      pool: 10_000n,
      drawSeed: SEED,
      ladder: DEFAULT_LADDER_CONFIG,
      prizePool: { ...DEFAULT_PRIZE_POOL_CONFIG, drawPrizes: 3 },
    });
    // idle has the best result but too few bets: no rank prize, and it moves down (here: stays on the lowest tier).
    expect(result.rankPrizes.map((p) => p.playerId)).toEqual(['alice', 'bob']);
    expect(result.ladder.find((r) => r.playerId === 'idle')?.state).toBe('keep');
    expect(result.ladder.find((r) => r.playerId === 'alice')?.state).toBe('up');
    expect(result.drawWinners).toEqual(drawWinners(drawTerms('s1', 'OJO', 3), SEED, holdings));
    const paid = [...result.rankPrizes, ...result.drawPrizes].reduce((sum, p) => sum + p.amount, 0n);
    expect(paid + result.carryOut).toBe(10_000n);
  });
});
