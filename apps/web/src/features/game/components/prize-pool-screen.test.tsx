import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Query = { isPending: boolean; isError: boolean; data: unknown };
const state = vi.hoisted(() => ({
  seasons: { isPending: false, isError: false, data: undefined } as Query,
  prizes: { isPending: false, isError: false, data: undefined } as Query,
}));
vi.mock('../api/get-seasons', () => ({ useSeasons: () => state.seasons }));
vi.mock('../api/get-reward-prizes', () => ({ useRewardPrizes: () => state.prizes }));
vi.mock('../api/get-battle-pools', () => ({
  useBattlePools: () => ({
    isPending: false,
    isError: false,
    data: { prizePools: { OJO: '0', POINT: '0' }, round: null },
  }),
}));
vi.mock('./last-season-card', () => ({ LastSeasonCard: () => null }));
vi.mock('./rules-text', () => ({ RulesText: () => null }));

const { PrizePoolScreen } = await import('./prize-pool-screen');

const open = {
  id: 'S2026-11-23',
  startsAtMs: Date.parse('2026-11-23T00:00:00Z'),
  endsAtMs: Date.parse('2026-11-30T00:00:00Z'),
  settledAtMs: null,
  state: 'open',
};

function renderScreen() {
  render(
    <MemoryRouter>
      <PrizePoolScreen businessType="points" hasSession />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  state.seasons = { isPending: false, isError: false, data: { seasons: [open] } };
  state.prizes = { isPending: false, isError: false, data: undefined };
});

describe('PrizePoolScreen states', () => {
  it('shows loading, not "appears once a season is open", while the seasons load', () => {
    state.seasons = { isPending: true, isError: false, data: undefined };
    renderScreen();
    expect(screen.getByText('Loading the draw')).toBeTruthy();
    expect(screen.getByText('Loading the prizes')).toBeTruthy();
    expect(screen.queryByText(/appears once a season is open/)).toBeNull();
  });

  it('shows loading while the prizes of the open season load', () => {
    state.prizes = { isPending: true, isError: false, data: undefined };
    renderScreen();
    expect(screen.getByText('Loading the draw')).toBeTruthy();
  });

  it('shows an error, not an empty state, when the prizes fail', () => {
    state.prizes = { isPending: false, isError: true, data: undefined };
    renderScreen();
    expect(screen.getByText('The draw could not be loaded. Try again in a moment.')).toBeTruthy();
    expect(screen.getByText('The rank prizes could not be loaded. Try again in a moment.')).toBeTruthy();
    expect(screen.queryByText(/appears once a season is open/)).toBeNull();
  });

  it('shows the empty draw when no season is open', () => {
    state.seasons = { isPending: false, isError: false, data: { seasons: [] } };
    renderScreen();
    expect(screen.getByText('The draw appears once a season is open.')).toBeTruthy();
  });
});
