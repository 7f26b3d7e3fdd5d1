import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({
  seasons: [] as {
    id: string;
    startsAtMs: number;
    endsAtMs: number;
    settledAtMs: number | null;
    state: string;
  }[],
  prizes: null as unknown,
  lastSettle: null as unknown,
}));
vi.mock('../api/get-seasons', () => ({ useSeasons: () => ({ data: { seasons: data.seasons } }) }));
vi.mock('../api/get-reward-prizes', () => ({
  useRewardPrizes: (_type: string, seasonId: string | undefined) => ({
    isPending: false,
    data: seasonId ? data.prizes : undefined,
  }),
}));
vi.mock('../api/get-last-settle', () => ({
  useLastSettle: (_type: string, enabled: boolean) => ({ data: enabled ? data.lastSettle : undefined }),
}));

const { LastSeasonCard } = await import('./last-season-card');

const WEEK = 7 * 24 * 3600 * 1000;
const start = Date.parse('2026-11-16T00:00:00Z');

beforeEach(() => {
  data.seasons = [
    {
      id: 'S2026-11-23',
      startsAtMs: start + WEEK,
      endsAtMs: start + 2 * WEEK,
      settledAtMs: null,
      state: 'open',
    },
    {
      id: 'S2026-11-16',
      startsAtMs: start,
      endsAtMs: start + WEEK,
      settledAtMs: start + WEEK + 5000,
      state: 'closed',
    },
  ];
  data.prizes = {
    businessType: 'ojo',
    seasonId: 'S2026-11-16',
    seasonState: 'closed',
    pool: '1000003',
    rankPrizes: [],
    draw: {
      prizes: 10,
      amountEach: '50000',
      commitment: 'a'.repeat(64),
      seed: 'b'.repeat(64),
      winners: [
        { order: 1, player: 'p111111111111111111111111', amount: '50000' },
        { order: 2, player: 'p222222222222222222222222', amount: '50000' },
      ],
    },
    settled: { paid: '600000', carryOut: '400003', settledAtMs: start + WEEK + 5000 },
  };
  data.lastSettle = {
    seasonId: 'S2026-11-16',
    businessType: 'ojo',
    from: { tier: 0, tierName: 'White' },
    to: { tier: 1, tierName: 'Yellow' },
    rankInTier: 2,
    state: 'up',
    rankPrize: '100000',
    drawPrize: '50000',
    tickets: '12',
    player: 'p222222222222222222222222',
    settledAtMs: start + WEEK + 5000,
  };
});

describe('the last season card (ranks and prize pool pages)', () => {
  it('shows the settled pool, the draw winners with the revealed seed, and my own settlement', () => {
    render(
      <MemoryRouter>
        <LastSeasonCard businessType="ojo" hasSession />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('last-season');
    expect(card).toHaveTextContent('Paid in prizes');
    expect(card).toHaveTextContent('b'.repeat(64));
    // Players check the season on its verify page, not with a developer's command.
    expect(card).not.toHaveTextContent('npm run');
    expect(within(card).getByRole('link', { name: 'verify season S2026-11-16' })).toHaveAttribute(
      'href',
      '/game/verify/season/S2026-11-16',
    );
    const winners = within(screen.getByTestId('draw-winners')).getAllByRole('listitem');
    expect(winners).toHaveLength(2);
    expect(winners[1]).toHaveTextContent('(you)');
    expect(screen.getByTestId('my-last-settle')).toHaveTextContent('White to Yellow (Up)');
  });

  it('shows nothing before any season is settled, and no personal line without a session', () => {
    data.seasons = data.seasons.slice(0, 1);
    const { container, rerender } = render(
      <MemoryRouter>
        <LastSeasonCard businessType="ojo" hasSession />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
    data.seasons = [
      {
        id: 'S2026-11-16',
        startsAtMs: start,
        endsAtMs: start + WEEK,
        settledAtMs: start + WEEK,
        state: 'closed',
      },
    ];
    rerender(
      <MemoryRouter>
        <LastSeasonCard businessType="ojo" hasSession={false} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('last-season')).toBeInTheDocument();
    expect(screen.queryByTestId('my-last-settle')).toBeNull();
  });
});
