// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGameApi, GameApiError } from '../../lib/api-client';
import { type Balances, fetchBalances, startingCurrency } from './balances';
import { BetPanel } from './components/bet-panel';
import { useBalances } from './hooks/use-balances';
import type { DashRoundView } from './state';

const actEnvironment = (on: boolean) => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on;
};
actEnvironment(true);

const API_URL = 'http://api.test';
const MIN = { OJO: '200', POINT: '2' };

/** The quest host's GET /v2/member/me: `{success, code, msgKey, obj}` with the points total and the OJO value. */
function memberHost(answers: Array<{ total: string; ojoValue: string } | 'fail'>) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname !== '/v2/member/me') return new Response('not found', { status: 404 });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    const body =
      answer === 'fail' || answer === undefined
        ? {
            success: false,
            code: 'UNAUTHORIZED',
            msgKey: 'unauthorized',
            message: 'Log in again.',
            obj: null,
          }
        : { success: true, code: '0', msgKey: 'success', obj: { businessType: 'points', ...answer } };
    return new Response(JSON.stringify(body), {
      status: answer === 'fail' ? 401 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

const apiWith = (fetch: typeof globalThis.fetch, token: string | null = 'player-jwt') =>
  createGameApi({ apiUrl: API_URL, saasId: 'ojo-arena', getToken: () => token, fetch });

let root: Root | null = null;
let host: HTMLElement | null = null;
function mount(node: ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(node));
  return {
    rerender: (next: ReactNode) => act(() => root?.render(next)),
    pressedCurrency: () =>
      host?.querySelector('fieldset[aria-label="Currency"] [aria-pressed="true"]')?.textContent ?? null,
    text: (selector: string) => host?.querySelector(selector)?.textContent ?? null,
    host: () => host as HTMLElement,
  };
}
afterEach(() => {
  actEnvironment(true);
  act(() => root?.unmount());
  host?.remove();
  root = null;
  host = null;
});

describe("the player's balances in the frame", () => {
  it('are read from GET /v2/member/me with the page token, points from `total`, OJO from `ojoValue`', async () => {
    const fetch = memberHost([{ total: '1500', ojoValue: '0' }]);
    await expect(fetchBalances(apiWith(fetch))).resolves.toEqual({ OJO: '0', POINT: '1500' });
    const [input, init] = fetch.mock.calls[0] ?? [];
    const url = new URL(String(input));
    expect(`${url.origin}${url.pathname}`).toBe(`${API_URL}/v2/member/me`);
    expect(url.searchParams.get('businessType')).toBe('points');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toMatchObject({ jwt_token: 'player-jwt', saas_id: 'ojo-arena' });
  });

  it("a refused read is the server's error", async () => {
    const fetch = memberHost(['fail']);
    const failure = fetchBalances(apiWith(fetch));
    await expect(failure).rejects.toBeInstanceOf(GameApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Log in again.' });
  });

  it('decide the starting currency: OJO from the minimum OJO bet up, else points; OJO while unknown', () => {
    expect(startingCurrency({ OJO: '200', POINT: '0' }, MIN)).toBe('OJO');
    expect(startingCurrency({ OJO: '199', POINT: '0' }, MIN)).toBe('POINT');
    expect(startingCurrency({ OJO: '0', POINT: '0' }, MIN)).toBe('POINT');
    expect(startingCurrency(null, MIN)).toBe('OJO');
  });
});

const round = {
  terms: {
    roundId: 'r1',
    tracks: ['AAA', 'BBB'],
    timeline: { opensAtMs: 0, closesAtMs: 1, raceEndsAtMs: 2, resultsEndAtMs: 3 },
    minStake: MIN,
    maxStake: { OJO: null, POINT: null },
    carryIn: { OJO: '0', POINT: '0' },
  },
  commitment: 'a'.repeat(64),
  phase: 'betting',
  pools: {
    OJO: { bets: 0, stakes: '0', byTrack: {} },
    POINT: { bets: 0, stakes: '0', byTrack: {} },
  },
  startSnapshot: null,
  endSnapshot: null,
  voided: null,
  outcome: null,
  settledAtMs: null,
} as unknown as DashRoundView;

/** The panel as the dash screen feeds it: the balances hook's answer. */
function PanelWithBalances({ fetch, token }: { fetch: typeof globalThis.fetch; token: string | null }) {
  const api = apiWith(fetch, token);
  const { balances, refresh } = useBalances(api, token);
  return (
    <>
      <BetPanel round={round} api={api} balances={balances} onPlaced={() => {}} onUnauthorized={() => {}} />
      <button type="button" data-testid="refresh" onClick={refresh}>
        refresh
      </button>
    </>
  );
}

describe('the bet panel with balances arriving after it shows', () => {
  const panel = (balances: Balances | null) => (
    <BetPanel
      round={round}
      api={apiWith(vi.fn())}
      balances={balances}
      onPlaced={() => {}}
      onUnauthorized={() => {}}
    />
  );

  it('moves to points when the first balances show too little OJO, and keeps that start afterwards', () => {
    const view = mount(panel(null));
    expect(view.pressedCurrency()).toBe('OJO');
    view.rerender(panel({ OJO: '0', POINT: '40' }));
    expect(view.pressedCurrency()).toBe('FishXP');
    expect(view.text('[data-testid="bet-balance"]')).toBe('Balance: 40 FishXP');
    expect((view.host().querySelector('input') as HTMLInputElement).value).toBe('2');
    // OJO bought later does not move the panel under the player's hands; the balance line follows the currency.
    view.rerender(panel({ OJO: '5000', POINT: '40' }));
    expect(view.pressedCurrency()).toBe('FishXP');
    const ojo = [...view.host().querySelectorAll('fieldset[aria-label="Currency"] button')].find(
      (button) => button.textContent === 'OJO',
    ) as HTMLButtonElement;
    act(() => ojo.click());
    expect(view.pressedCurrency()).toBe('OJO');
    expect(view.text('[data-testid="bet-balance"]')).toBe('Balance: 5,000 OJO');
  });

  it('says the balance does not cover the bet, and sends nothing, before the player clicks', () => {
    const fetch = vi.fn();
    const covered = (balances: Balances) => (
      <BetPanel
        round={round}
        api={apiWith(fetch)}
        balances={balances}
        onPlaced={() => {}}
        onUnauthorized={() => {}}
      />
    );
    const view = mount(covered({ OJO: '0', POINT: '3' }));
    const pick = (symbol: string) =>
      act(() => (view.host().querySelector(`[data-track="${symbol}"]`) as HTMLButtonElement).click());
    const cta = () => view.host().querySelector('button.cta') as HTMLButtonElement;
    // One track at the 2-point minimum: 2 of 3 FishXP, covered.
    pick('AAA');
    expect(cta().disabled).toBe(false);
    expect(cta().textContent).toBe('Bet 2 FishXP on 1 track');
    expect(view.text('[data-testid="bet-not-covered"]')).toBeNull();
    // Two tracks: 4 of 3, not covered; the button says so and stays off.
    pick('BBB');
    expect(cta().disabled).toBe(true);
    expect(cta().textContent).toBe('Not enough FishXP');
    expect(view.text('[data-testid="bet-not-covered"]')).toContain('does not cover 4 FishXP');
    act(() => cta().click());
    expect(fetch).not.toHaveBeenCalled();
    // More points arrive (a payout, a task): the same picks are covered again.
    view.rerender(covered({ OJO: '0', POINT: '4' }));
    expect(cta().disabled).toBe(false);
    expect(cta().textContent).toBe('Bet 4 FishXP on 2 tracks');
  });

  it('stays on OJO when the first balances cover the minimum OJO bet', () => {
    const view = mount(panel(null));
    view.rerender(panel({ OJO: '200', POINT: '40' }));
    expect(view.pressedCurrency()).toBe('OJO');
    expect(view.text('[data-testid="bet-balance"]')).toBe('Balance: 200 OJO');
  });

  it("reads the player's balances itself, and again on refresh (after a bet or a result)", async () => {
    // The reads answer on their own time: React renders them as a browser would, the test polls the screen.
    actEnvironment(false);
    const fetch = memberHost([
      { total: '50', ojoValue: '0' },
      { total: '46', ojoValue: '0' },
    ]);
    const view = mount(<PanelWithBalances fetch={fetch} token="player-jwt" />);
    await vi.waitFor(() => expect(view.text('[data-testid="bet-balance"]')).toBe('Balance: 50 FishXP'));
    expect(view.pressedCurrency()).toBe('FishXP');
    act(() => (view.host().querySelector('[data-testid="refresh"]') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(view.text('[data-testid="bet-balance"]')).toBe('Balance: 46 FishXP'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a burst of refreshes (payouts of several bets) reads at most twice, and shows the newest answer', async () => {
    actEnvironment(false);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answers = memberHost([
      { total: '50', ojoValue: '0' },
      { total: '70', ojoValue: '0' },
    ]);
    // The first read hangs until released: the refreshes asked for meanwhile wait for it.
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (answers.mock.calls.length === 0) await gate;
      return answers(input, init);
    });
    const view = mount(<PanelWithBalances fetch={fetch} token="player-jwt" />);
    const refresh = view.host().querySelector('[data-testid="refresh"]') as HTMLButtonElement;
    for (let payout = 0; payout < 5; payout += 1) refresh.click();
    release();
    await vi.waitFor(() => expect(view.text('[data-testid="bet-balance"]')).toBe('Balance: 70 FishXP'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a spectator (no token) reads nothing and keeps the OJO start', async () => {
    const fetch = memberHost([{ total: '50', ojoValue: '0' }]);
    const view = mount(<PanelWithBalances fetch={fetch} token={null} />);
    act(() => (view.host().querySelector('[data-testid="refresh"]') as HTMLButtonElement).click());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(view.pressedCurrency()).toBe('OJO');
    expect(view.text('[data-testid="bet-balance"]')).toBeNull();
  });
});
