import { formatAmount } from '@ojo/domain/format/amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

/** GET /coin/withdraw/info: 2,000 OJO bought for 0.9 ETH, the mid price 2,000 OJO per ETH, a 3 % spread. */
const info = {
  conditions: {
    minAmountCheck: { require: '10' },
    dailyAmountCheck: { require: '10000', achieved: '0' },
    dailyCountCheck: { require: '5', achieved: '0' },
    tradeLimit: { require: '200', achieved: '200' },
  },
  trial: '0',
  fixedLeft: '0',
  balance: '2500',
  price: '2000',
  redeem: {
    spreadBps: 300,
    costBasis: { qty: '2000', wei: '900000000000000000' },
    lowestPaid: { qty: '2000', wei: '900000000000000000' },
  },
};
vi.mock('../api/redeem', () => ({
  useWithdrawInfo: () => ({ isPending: false, isError: false, data: info }),
  createWithdraw: vi.fn(),
}));

const { RedeemScreen } = await import('./redeem-screen');

describe('RedeemScreen: the ETH shown is what the server rule pays', () => {
  it('shows the cost of bought OJO and the capped rate of won OJO, not the market value', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RedeemScreen historyPath="/game/redeem/history" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const field = screen.getByRole('textbox');
    fireEvent.change(field, { target: { value: '2000' } });
    // At market 2,000 OJO is 1 ETH; the bid 0.97 ETH; it cost 0.9 ETH, which is what it pays.
    expect(screen.getByTestId('redeem-eth').textContent).toBe(formatAmount('0.9'));
    // 500 more OJO not bought: the lower of the bid and the cheapest rate paid (0.9 ETH per 2,000).
    fireEvent.change(field, { target: { value: '2500' } });
    expect(screen.getByTestId('redeem-eth').textContent).toBe(formatAmount('1.125'));
  });
});
