import { getLaddersRoute } from '@ojo/api-contract/game/http';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LadderTable } from './ladder-table';

/** A ladder page as GET /ladders answers it, checked against the route's contract. */
const entry = (rank: number, handle: string | null, result: string) => ({
  rank,
  rankInTier: rank,
  tier: { tier: 1, tierName: 'Yellow' },
  player: { handle, avatar: null },
  result,
  staked: '5000',
  bets: 6,
});
const page = getLaddersRoute.result.parse({
  seasonId: 'S2026-11-23',
  tiers: ['White', 'Yellow'],
  total: 3,
  entries: [entry(1, 'fast_fox', '1200'), entry(2, null, '0'), entry(3, 'slow_owl', '-300')],
  me: entry(3, 'slow_owl', '-300'),
});

describe('LadderTable', () => {
  it("names each player by their handle, a player without a profile as 'Anonymous player', and marks my row", () => {
    render(<LadderTable entries={page.entries} me={page.me} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'fast_fox',
      'Anonymous player',
      'slow_owl',
    ]);
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual([null, null, 'true']);
    expect(within(rows[2]!).getByText('-300')).toBeTruthy();
    expect(within(rows[0]!).getByText('+1,200')).toBeTruthy();
  });
});
