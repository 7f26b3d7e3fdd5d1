import { type CheckInStatusResult, checkInResult, checkInStatus } from '@ojo/api-contract/check-in';
import { errorEnvelope, objEnvelope } from '@ojo/api-contract/envelope';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberKeys } from '@/lib/query-keys';
import { CheckInScreen } from './check-in-screen';

const LADDER = [10, 20, 30, 40, 50, 60].map((amount, position) => ({
  index: position + 1,
  amount: String(amount),
  rewardType: 'POINT' as const,
}));

function statusOf(overrides: Partial<CheckInStatusResult> = {}): CheckInStatusResult {
  return checkInStatus.parse({
    checkIn: false,
    checkInDays: 2,
    checkInReward: [...LADDER, { index: 7, amount: '50', rewardType: 'OJO' }],
    todayReward: '30',
    todayRewardType: 'POINT',
    day: '2026-11-22',
    nextDayStartsAt: Date.parse('2026-11-23T00:00:00Z'),
    missedDay: 'reset',
    afterLastDay: 'restart',
    ...overrides,
  });
}

/** The quest host as the contract shapes it: the status, and the check-in answering `checkInAnswers` in turn. */
function stubQuestHost(status: CheckInStatusResult, checkInAnswers: Array<'fail' | 'ok'>) {
  const json = (body: unknown, init: ResponseInit = {}) =>
    new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/v2/tasks/checkin/status') {
        return json(
          objEnvelope(checkInStatus).parse({ success: true, code: '0', msgKey: 'success', obj: status }),
        );
      }
      if (url.pathname === '/v2/tasks/checkin' && init?.method === 'POST') {
        if (checkInAnswers.shift() === 'fail') {
          const failure = { success: false, code: 'CHECKIN_UNAVAILABLE', msgKey: 'checkin.unavailable' };
          return json(errorEnvelope.parse({ ...failure, message: 'x', obj: null, data: null }), {
            status: 503,
          });
        }
        const done = { ...status, checkIn: true, checkInDays: status.checkInDays + 1, awarded: true };
        return json(
          objEnvelope(checkInResult).parse({ success: true, code: '0', msgKey: 'success', obj: done }),
        );
      }
      return new Response('not found', { status: 404 });
    }),
  );
}

function renderScreen() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(memberKeys.info(), { assets: [] });
  render(
    <QueryClientProvider client={client}>
      <CheckInScreen />
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('the check-in screen (product.md 2, product.md 4 Check-in, product.md 8)', () => {
  it('loads, then shows the UTC day, the day list, the rules and the coin reward popup while not checked in', async () => {
    stubQuestHost(statusOf(), []);
    renderScreen();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your check-in');
    const popup = await screen.findByTestId('coin-reward-popup');
    expect(within(popup).getByTestId('coin-reward-amount')).toHaveTextContent('30 FishXP');
    expect(screen.getByTestId('check-in-utc-day')).toHaveTextContent('2026-11-22');
    expect(screen.getByTestId('check-in-day-2')).toHaveAttribute('data-state', 'checked');
    expect(screen.getByTestId('check-in-day-3')).toHaveAttribute('aria-current', 'date');
    expect(screen.getByTestId('check-in-day-7')).toHaveTextContent('OJO');
    expect(screen.getByText('Miss a day and your streak starts again at day 1.')).toBeInTheDocument();
  });

  it('opens no popup once today is checked in', async () => {
    stubQuestHost(statusOf({ checkIn: true, checkInDays: 3 }), []);
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Checked in today' })).toBeDisabled();
    expect(screen.queryByTestId('coin-reward-popup')).toBeNull();
  });

  it("says 'Check in failed. Please try again.' on failure; the retry collects the reward and refreshes balances", async () => {
    const user = userEvent.setup();
    stubQuestHost(statusOf(), ['fail', 'ok']);
    const client = renderScreen();
    const popup = await screen.findByTestId('coin-reward-popup');
    await user.click(within(popup).getByRole('button', { name: 'Check in' }));
    expect(await within(popup).findByRole('alert')).toHaveTextContent('Check in failed. Please try again.');
    expect(client.getQueryState(memberKeys.info())?.isInvalidated).toBe(false);

    await user.click(within(popup).getByRole('button', { name: 'Check in' }));
    expect(await within(popup).findByText('Reward collected')).toBeInTheDocument();
    expect(within(popup).getByTestId('coin-reward-amount')).toHaveTextContent('+30 FishXP');
    expect(client.getQueryState(memberKeys.info())?.isInvalidated).toBe(true);
  });
});
