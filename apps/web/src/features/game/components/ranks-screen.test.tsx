import {
  getLastSettleRoute,
  getRewardCurrentRoute,
  getRewardPrizesRoute,
  getSeasonsRoute,
} from '@ojo/api-contract/game/http';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSessionValue } from '@/lib/session-storage';
import { RanksScreen, startingLadderTab } from './ranks-screen';

const WEEK = 7 * 24 * 3600 * 1000;
const start = Date.parse('2026-11-16T00:00:00Z');
const OPEN = 'S2026-11-23';
const CLOSED = 'S2026-11-16';

/** The game host's answers, each checked against its route's contract (`{success, code, message, data}`). */
const seasons = getSeasonsRoute.result.parse({
  seasons: [
    { id: OPEN, startsAtMs: start + WEEK, endsAtMs: start + 2 * WEEK, settledAtMs: null, state: 'open' },
    {
      id: CLOSED,
      startsAtMs: start,
      endsAtMs: start + WEEK,
      settledAtMs: start + WEEK + 5000,
      state: 'closed',
    },
  ],
});
const prizes = getRewardPrizesRoute.result.parse({
  businessType: 'ojo',
  seasonId: CLOSED,
  seasonState: 'closed',
  pool: '1000003',
  rankPrizes: [{ rank: 1, shareBps: 3000, amount: '300000' }],
  draw: {
    prizes: 10,
    amountEach: '50000',
    commitment: 'a'.repeat(64),
    seed: 'b'.repeat(64),
    winners: [{ order: 1, player: 'p222222222222222222222222', amount: '50000' }],
  },
  settled: { paid: '600000', carryOut: '400003', settledAtMs: start + WEEK + 5000 },
});
const settleOf = (seasonId: string) =>
  getLastSettleRoute.result.parse({
    seasonId,
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
  });

function stubGameHost(lastSettle: unknown) {
  const json = (data: unknown) =>
    new Response(JSON.stringify({ success: true, code: '0', message: 'success', data }), {
      headers: { 'content-type': 'application/json' },
    });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    if (pathname === '/seasons') return json(seasons);
    if (pathname === `/reward/ojo/${CLOSED}/prizes`) return json(prizes);
    if (pathname === '/ladders/lastsettle') return json(lastSettle);
    // The open season's ladder, standing and rules are other tests' business.
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderRanks() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RanksScreen hasSession />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => setSessionValue('jwt', 'stored-jwt'));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('/game/ranks: the closed season', () => {
  it("shows the settled season's pool and the player's own result in it, from the API's answers", async () => {
    const fetchMock = stubGameHost(settleOf(CLOSED));
    renderRanks();
    const mine = await screen.findByTestId('my-last-settle');
    expect(mine).toHaveTextContent(
      'You: White to Yellow (Up), rank prize 100,000 OJO, draw prize 50,000 OJO with 12 tickets.',
    );
    expect(mine).toHaveTextContent('p222222222222222222222222');
    const card = screen.getByTestId('last-season');
    expect(card).toHaveTextContent('600,000');
    expect(within(screen.getByTestId('draw-winners')).getByRole('listitem')).toHaveTextContent('(you)');
    const lastSettleCall = fetchMock.mock.calls.find(
      ([input]) => new URL(String(input)).pathname === '/ladders/lastsettle',
    );
    expect(new URL(String(lastSettleCall?.[0])).searchParams.get('businessType')).toBe('ojo');
  });

  it("shows no personal line when the player's last settlement is from an earlier season", async () => {
    stubGameHost(settleOf('S2026-11-09'));
    renderRanks();
    expect(await screen.findByTestId('last-season')).toBeInTheDocument();
    expect(screen.queryByTestId('my-last-settle')).toBeNull();
  });
});

describe('/game/ranks: the tab a visit starts on', () => {
  it('is the linked tab, else points for a player ranked only in points, else OJO', () => {
    const unknown = { ojo: undefined, points: undefined };
    expect(startingLadderTab('points', unknown)).toBe('points');
    expect(startingLadderTab('ojo', { ojo: false, points: true })).toBe('ojo');
    expect(startingLadderTab('nonsense', unknown)).toBe('ojo');
    expect(startingLadderTab(null, unknown)).toBe('ojo');
    expect(startingLadderTab(null, { ojo: false, points: true })).toBe('points');
    expect(startingLadderTab(null, { ojo: true, points: true })).toBe('ojo');
    expect(startingLadderTab(null, { ojo: false, points: false })).toBe('ojo');
    expect(startingLadderTab(null, { ojo: undefined, points: true })).toBe('ojo');
  });

  it('opens on points for a player ranked only in points, and the player can still switch', async () => {
    const standing = (businessType: 'ojo' | 'points', rank: number | null) =>
      getRewardCurrentRoute.result.parse({
        businessType,
        seasonId: OPEN,
        seasonState: 'open',
        rank,
        rankInTier: rank,
        tier: rank ? { tier: 0, tierName: 'White' } : null,
        result: rank ? '10' : '0',
        staked: rank ? '20' : '0',
        bets: rank ? 2 : 0,
        tickets: '0',
        projectedState: rank ? 'keep' : null,
      });
    const json = (data: unknown) =>
      new Response(JSON.stringify({ success: true, code: '0', message: 'success', data }), {
        headers: { 'content-type': 'application/json' },
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const { pathname } = new URL(String(input));
        if (pathname === '/seasons') return json(seasons);
        if (pathname === `/reward/ojo/${OPEN}/current`) return json(standing('ojo', null));
        if (pathname === `/reward/points/${OPEN}/current`) return json(standing('points', 4));
        return new Response('not found', { status: 404 });
      }),
    );
    renderRanks();
    const tabs = screen.getByRole('tablist', { name: 'Ladder currency' });
    await vi.waitFor(() =>
      expect(within(tabs).getByRole('tab', { selected: true })).toHaveTextContent('Points'),
    );
    expect(await screen.findByText('#4')).toBeInTheDocument();
    // The season result carries its sign, as on the ladder.
    expect(screen.getByText('+10')).toBeInTheDocument();
    within(tabs).getByRole('tab', { name: /ojo/i }).click();
    await vi.waitFor(() =>
      expect(within(tabs).getByRole('tab', { selected: true })).toHaveTextContent(/ojo/i),
    );
  });
});
