import { getSeasonVerifyRoute } from '@ojo/api-contract/game/http';
import { ticketsForStakes } from '@ojo/domain/game/dash/tickets';
import { drawCommitment, drawTerms } from '@ojo/domain/game/season/draw';
import { DEFAULT_LADDER_CONFIG } from '@ojo/domain/game/season/ladder';
import { DEFAULT_PRIZE_POOL_CONFIG } from '@ojo/domain/game/season/prize-pool';
import { settleSeason } from '@ojo/domain/game/season/settle-season';
import {
  publishSeasonCurrency,
  SEASON_PUBLICATION_FORMAT,
  seasonPlayerRef,
} from '@ojo/domain/game/season/verify';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({ published: null as unknown, isError: false }));
vi.mock('../api/get-season-verify', () => ({
  useSeasonVerify: () => ({ isPending: false, isError: data.isError, data: data.published }),
}));

const { SeasonVerifyScreen } = await import('./season-verify-screen');

const SEASON = 'S2026-11-16';
const SEED = '5a'.repeat(32);

/** A season settled by the domain and published as the API publishes it, checked against the route's contract. */
function publishedSeason() {
  const standings = Array.from({ length: 8 }, (_, i) => ({
    playerId: seasonPlayerRef(SEASON, `user-${i}`),
    tier: i % 3,
    result: BigInt(500 - i * 150),
    staked: BigInt(1000 + i * 300),
    bets: 3 + i,
  }));
  const holdings = standings.map((standing) => ({
    playerId: standing.playerId,
    tickets: ticketsForStakes(standing.staked, 'OJO').toString(),
  }));
  const pool = 50_000n;
  const settlement = settleSeason({
    seasonId: SEASON,
    currency: 'OJO',
    standings,
    holdings,
    pool,
    drawSeed: SEED,
    ladder: DEFAULT_LADDER_CONFIG,
    prizePool: DEFAULT_PRIZE_POOL_CONFIG,
  });
  return getSeasonVerifyRoute.result.parse({
    format: SEASON_PUBLICATION_FORMAT,
    seasonId: SEASON,
    endsAtMs: 2000,
    settledAtMs: 2500,
    currencies: [
      publishSeasonCurrency({
        seasonId: SEASON,
        currency: 'OJO',
        commitment: drawCommitment(drawTerms(SEASON, 'OJO', DEFAULT_PRIZE_POOL_CONFIG.drawPrizes), SEED),
        seed: SEED,
        pool,
        ladder: DEFAULT_LADDER_CONFIG,
        prizePool: DEFAULT_PRIZE_POOL_CONFIG,
        standings,
        holdings,
        settlement,
      }),
    ],
  });
}

beforeEach(() => {
  data.published = publishedSeason();
  data.isError = false;
});

describe('SeasonVerifyScreen', () => {
  it('recomputes a published season in the browser and says it matches', () => {
    render(<SeasonVerifyScreen seasonId={SEASON} />);
    const verdict = screen.getByTestId('season-verify-verdict');
    expect(verdict.getAttribute('data-matches')).toBe('true');
    expect(verdict.textContent).toContain('Verified');
    expect(verdict.querySelectorAll('[data-ok="false"]')).toHaveLength(0);
  });

  it('says it does not match when a published prize was changed', () => {
    const published = publishedSeason();
    const prize = published.currencies[0]!.rankPrizes[0]!;
    prize.amount = (BigInt(prize.amount) + 1n).toString();
    data.published = published;
    render(<SeasonVerifyScreen seasonId={SEASON} />);
    const verdict = screen.getByTestId('season-verify-verdict');
    expect(verdict.getAttribute('data-matches')).toBe('false');
    expect(verdict.textContent).toContain('Failed check');
  });

  it('explains when the season has no published settlement', () => {
    data.published = undefined;
    data.isError = true;
    render(<SeasonVerifyScreen seasonId={SEASON} />);
    expect(screen.getByRole('alert').textContent).toContain('no published settlement yet');
  });
});
