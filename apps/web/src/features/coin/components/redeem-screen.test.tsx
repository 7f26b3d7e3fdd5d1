import { type WithdrawInfoDto, withdrawInfo } from '@ojo/api-contract/coin';
import { dataEnvelope } from '@ojo/api-contract/envelope';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RedeemScreen } from './redeem-screen';

function infoOf(freeOjoLock: Partial<WithdrawInfoDto['freeOjoLock']> = {}): WithdrawInfoDto {
  return withdrawInfo.parse({
    conditions: {
      minAmountCheck: { require: '10' },
      dailyAmountCheck: { require: '10000', achieved: '0' },
      dailyCountCheck: { require: '5', achieved: '0' },
      tradeLimit: { require: '0', achieved: '0' },
    },
    trial: '0',
    fixedLeft: '0',
    balance: '150',
    price: '2000',
    freeOjoLock: {
      locked: '0',
      hasProfile: true,
      accountDays: { require: '7', achieved: '9' },
      bet: { require: '1000', achieved: '1200' },
      ...freeOjoLock,
    },
  });
}

/** The game host answering GET /coin/withdraw/info with `info`, as the contract shapes it. */
function stubGameHost(info: WithdrawInfoDto) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (new URL(String(input)).pathname !== '/coin/withdraw/info') return new Response('', { status: 404 });
      const body = dataEnvelope(withdrawInfo).parse({
        success: true,
        code: '0',
        message: 'success',
        data: info,
      });
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RedeemScreen historyPath="/game/redeem/history" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe("the redeem screen and free OJO (DESIGN.md 11 'free rewards are not cash')", () => {
  it('shows how much free OJO is locked and why, and offers only the rest of the balance', async () => {
    stubGameHost(
      infoOf({
        locked: '50',
        hasProfile: false,
        accountDays: { require: '7', achieved: '2' },
        bet: { require: '1000', achieved: '0' },
      }),
    );
    renderScreen();
    expect(await screen.findByTestId('redeem-free-lock')).toHaveTextContent(
      '50 OJO from free rewards is locked until you create your profile, play for 7 days (day 2 now), ' +
        'bet 1000 OJO in races (0 so far).',
    );
    expect(screen.getByLabelText('Amount (OJO)')).toHaveAttribute('placeholder', '10 - 100');
  });

  it('says nothing about free OJO when none is locked, and offers the whole balance', async () => {
    stubGameHost(infoOf());
    renderScreen();
    expect(await screen.findByLabelText('Amount (OJO)')).toHaveAttribute('placeholder', '10 - 150');
    expect(screen.queryByTestId('redeem-free-lock')).toBeNull();
  });
});
