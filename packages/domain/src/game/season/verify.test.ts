import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticketsForStakes } from '../dash/tickets';
import { drawCommitment, drawTerms } from './draw';
import { DEFAULT_LADDER_CONFIG, type LadderStanding } from './ladder';
import { DEFAULT_PRIZE_POOL_CONFIG } from './prize-pool';
import { settleSeason } from './settle-season';
import {
  type PublishedSeason,
  publishSeasonCurrency,
  SEASON_PUBLICATION_FORMAT,
  seasonPlayerRef,
  verifySeason,
} from './verify';

const SEED = '3c'.repeat(32);
const SEASON = 'S2026-11-16';

function publish(standings: LadderStanding[], pool: bigint, seed = SEED): PublishedSeason {
  const holdings = standings.map((standing) => ({
    playerId: standing.playerId,
    tickets: ticketsForStakes(standing.staked, 'OJO').toString(),
  }));
  const settlement = settleSeason({
    seasonId: SEASON,
    currency: 'OJO',
    standings,
    holdings,
    pool,
    drawSeed: seed,
    ladder: DEFAULT_LADDER_CONFIG,
    prizePool: DEFAULT_PRIZE_POOL_CONFIG,
  });
  return {
    format: SEASON_PUBLICATION_FORMAT,
    seasonId: SEASON,
    endsAtMs: 2000,
    settledAtMs: 2500,
    currencies: [
      publishSeasonCurrency({
        seasonId: SEASON,
        currency: 'OJO',
        commitment: drawCommitment(drawTerms(SEASON, 'OJO', DEFAULT_PRIZE_POOL_CONFIG.drawPrizes), SEED),
        seed,
        pool,
        ladder: DEFAULT_LADDER_CONFIG,
        prizePool: DEFAULT_PRIZE_POOL_CONFIG,
        standings,
        holdings,
        settlement,
      }),
    ],
  };
}

const standingArb = fc.record({
  tier: fc.integer({ min: 0, max: DEFAULT_LADDER_CONFIG.tiers.length - 1 }),
  result: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  staked: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  bets: fc.integer({ min: 0, max: 40 }),
});
const seasonArb = fc
  .array(standingArb, { maxLength: 40 })
  .map((list) =>
    list.map((standing, i) => ({ ...standing, playerId: seasonPlayerRef(SEASON, `user-${i}`) })),
  );

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? U[] : T[K] };

describe('a published season recomputes from its own data (verify:season)', () => {
  it('property: what settlement decided verifies, and prizes + what stays = the pool', () => {
    fc.assert(
      fc.property(seasonArb, fc.bigInt({ min: 0n, max: 10n ** 24n }), (standings, pool) => {
        const published = publish(standings, pool);
        const report = verifySeason(published);
        expect(report.checks.filter((check) => !check.ok)).toEqual([]);
        expect(report.valid).toBe(true);
        const entry = published.currencies[0]!;
        const paid = [...entry.rankPrizes, ...entry.drawPrizes].reduce(
          (sum, p) => sum + BigInt(p.amount),
          0n,
        );
        expect(paid + BigInt(entry.carryOut)).toBe(pool);
      }),
      { numRuns: 60 },
    );
  });

  it('property: any change to a prize, a winner, a move, the tickets or the seed is caught', () => {
    fc.assert(
      fc.property(
        seasonArb.filter((list) =>
          list.some((s) => s.bets >= DEFAULT_LADDER_CONFIG.minBets && s.staked >= 200n),
        ),
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }),
        fc.integer({ min: 0, max: 4 }),
        (standings, pool, what) => {
          const published = publish(standings, pool);
          const entry = published.currencies[0] as Mutable<PublishedSeason['currencies'][number]>;
          const tampered: Mutable<typeof entry> = JSON.parse(JSON.stringify(entry));
          if (what === 0 && tampered.rankPrizes.length > 0)
            tampered.rankPrizes[0] = {
              ...tampered.rankPrizes[0]!,
              amount: (BigInt(tampered.rankPrizes[0]!.amount) + 1n).toString(),
            };
          else if (what === 1 && tampered.drawWinners.length > 0)
            tampered.drawWinners.reverse().push({ playerId: 'px', order: 99 });
          else if (what === 2)
            tampered.moves[0] = {
              ...tampered.moves[0]!,
              state: tampered.moves[0]!.state === 'keep' ? 'up' : 'keep',
            };
          else if (what === 3 && tampered.holdings.length > 0)
            tampered.holdings[0] = {
              ...tampered.holdings[0]!,
              tickets: (BigInt(tampered.holdings[0]!.tickets) + 1n).toString(),
            };
          else tampered.seed = '4d'.repeat(32);
          expect(verifySeason({ ...published, currencies: [tampered] }).valid).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a worked season: names each check, and refuses malformed data without throwing', () => {
    const standings = ['a', 'b', 'c', 'd'].map((user, i) => ({
      playerId: seasonPlayerRef(SEASON, user),
      tier: 0,
      result: BigInt(100 - i * 50),
      staked: 1000n * BigInt(i + 1),
      bets: 10,
    }));
    const published = publish(standings, 100_000n);
    const report = verifySeason(published);
    expect(report.valid).toBe(true);
    expect(report.checks.map((check) => check.check)).toEqual([
      'configuration',
      'commitment',
      'tickets',
      'ladder',
      'draw',
      'rank prizes',
      'draw prizes',
      'books',
    ]);
    expect(published.currencies[0]!.drawWinners).toHaveLength(4);
    expect(verifySeason({ ...published, format: 'other' as typeof SEASON_PUBLICATION_FORMAT }).valid).toBe(
      false,
    );
    const broken = JSON.parse(JSON.stringify(published));
    broken.currencies[0].standings[0].staked = 'lots';
    expect(verifySeason(broken).valid).toBe(false);
    expect(seasonPlayerRef(SEASON, 'a')).toMatch(/^p[0-9a-f]{24}$/);
    expect(seasonPlayerRef(SEASON, 'a')).not.toBe(seasonPlayerRef('S2026-11-23', 'a'));
  });
});
