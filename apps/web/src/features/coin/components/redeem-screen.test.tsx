import { type WithdrawInfoDto, withdrawInfo } from '@ojo/api-contract/coin';
import { dataEnvelope } from '@ojo/api-contract/envelope';
import { formatAmount } from '@ojo/domain/format/amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RedeemScreen } from './redeem-screen';

/** GET /coin/withdraw/info: 150 OJO, the mid price 2,000 OJO per ETH, a 3 % spread; `changes` replace parts. */
function infoOf(changes: Partial<WithdrawInfoDto> = {}): WithdrawInfoDto {
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
    redeem: { spreadBps: 300, costBasis: { qty: '0', wei: '0' }, lowestPaid: null },
    freeOjoLock: {
      locked: '0',
      hasProfile: true,
      accountDays: { require: '7', achieved: '9' },
      bet: { require: '1000', achieved: '1200' },
    },
    ...changes,
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

describe('the redeem screen: the ETH shown is what the server rule pays', () => {
  it('shows the cost of bought OJO and the capped rate of won OJO, not the market value', async () => {
    // 2,000 OJO bought for 0.9 ETH, 500 more won; the cheapest rate any order paid: 0.9 ETH per 2,000 OJO.
    stubGameHost(
      infoOf({
        balance: '2500',
        redeem: {
          spreadBps: 300,
          costBasis: { qty: '2000', wei: '900000000000000000' },
          lowestPaid: { qty: '2000', wei: '900000000000000000' },
        },
      }),
    );
    renderScreen();
    const field = await screen.findByLabelText('Amount (OJO)');
    fireEvent.change(field, { target: { value: '2000' } });
    // At market 2,000 OJO is 1 ETH; the bid 0.97 ETH; it cost 0.9 ETH, which is what it pays.
    expect(screen.getByTestId('redeem-eth').textContent).toBe(formatAmount('0.9'));
    // 500 more OJO not bought: the lower of the bid and the cheapest rate paid.
    fireEvent.change(field, { target: { value: '2500' } });
    expect(screen.getByTestId('redeem-eth').textContent).toBe(formatAmount('1.125'));
  });
});

describe('the redeem screen and free OJO (free rewards are not cash)', () => {
  it('shows how much free OJO is locked and why, and offers only the rest of the balance', async () => {
    stubGameHost(
      infoOf({
        freeOjoLock: {
          locked: '50',
          hasProfile: false,
          accountDays: { require: '7', achieved: '2' },
          bet: { require: '1000', achieved: '0' },
        },
      }),
    );
    renderScreen();
    expect(await screen.findByTestId('redeem-free-lock')).toHaveTextContent(
      '50 OJO from free rewards is locked until you create your profile, play for 7 days (day 2 now), ' +
        'bet 1000 OJO in races (0 so far).',
    );
    expect(screen.getByLabelText('Amount (OJO)')).toHaveAttribute('placeholder', '10 - 100');
  });

  it('offers no range when less than the minimum is redeemable (never "10 - 0")', async () => {
    stubGameHost(infoOf({ balance: '5' }));
    renderScreen();
    expect(await screen.findByLabelText('Amount (OJO)')).toHaveAttribute('placeholder', 'At least 10');
  });

  it('groups the figures of the range by 3 digits', async () => {
    stubGameHost(infoOf({ balance: '2500' }));
    renderScreen();
    expect(await screen.findByLabelText('Amount (OJO)')).toHaveAttribute('placeholder', '10 - 2,500');
  });

  it('says nothing about free OJO when none is locked, and offers the whole balance', async () => {
    stubGameHost(infoOf());
    renderScreen();
    expect(await screen.findByLabelText('Amount (OJO)')).toHaveAttribute('placeholder', '10 - 150');
    expect(screen.queryByTestId('redeem-free-lock')).toBeNull();
  });
});
