import { getLaddersRoute } from '@ojo/api-contract/game/http';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LadderTable } from './ladder-table';

/** A ladder page as GET /ladders answers it, checked against the route's contract. */
const entry = (rank: number, handle: string | null, result: string, prize: string, bets = 6) => ({
  rank,
  rankInTier: rank,
  tier: { tier: 1, tierName: 'Yellow' },
  player: { handle, avatar: null },
  result,
  staked: '5000',
  bets,
  eligible: bets >= 5,
  prize,
});
const page = getLaddersRoute.result.parse({
  seasonId: 'S2026-11-23',
  tiers: ['White', 'Yellow'],
  total: 4,
  minBets: 5,
  entries: [
    entry(1, 'lucky_lark', '9000', '0', 3),
    entry(2, 'fast_fox', '1200', '15000'),
    entry(3, null, '0', '10000'),
    entry(4, 'slow_owl', '-300', '7500'),
  ],
  me: entry(4, 'slow_owl', '-300', '7500'),
});

const rowsOf = () => screen.getAllByRole('row').slice(1);
const cell = (row: HTMLElement, index: number) => within(row).getAllByRole('cell')[index]!;

describe('LadderTable', () => {
  it("names each player by their handle, a player without a profile as 'Anonymous player', and marks my row", () => {
    render(<LadderTable entries={page.entries} me={page.me} minBets={page.minBets} unit="OJO" />);
    const rows = rowsOf();
    expect(rows.map((row) => cell(row, 1).firstElementChild?.textContent)).toEqual([
      'lucky_lark',
      'fast_fox',
      'Anonymous player',
      'slow_owl',
    ]);
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual([null, null, null, 'true']);
    expect(cell(rows[3]!, 2).textContent).toBe('-300');
    expect(cell(rows[1]!, 2).textContent).toBe('+1,200');
    expect(cell(rows[2]!, 2).textContent).toBe('0');
  });

  it('shows what each place earns, in a Prize column, and nothing for a player short of the minimum bets', () => {
    render(<LadderTable entries={page.entries} me={page.me} minBets={page.minBets} unit="OJO" />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Rank',
      'Player',
      'Result',
      'Staked',
      'Prize (OJO)',
    ]);
    const rows = rowsOf();
    expect(rows.map((row) => cell(row, 4).textContent)).toEqual(['—', '15,000', '10,000', '7,500']);
    expect(cell(rows[0]!, 1).textContent).toContain('Not eligible: 2 more bets');
    expect(rows[0]!.getAttribute('data-eligible')).toBe('false');
    expect(cell(rows[1]!, 1).textContent).not.toContain('Not eligible');
  });
});
