import type { CoinHistoryItem } from '@ojo/api-contract/coin';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ items: [] as CoinHistoryItem[] }));
const api = vi.hoisted(() => ({
  cancelCoinOrder: vi.fn(async () => null),
  reportPayment: vi.fn(async () => null),
}));
vi.mock('@tanstack/react-query', () => ({ useQueryClient: () => ({ invalidateQueries: async () => {} }) }));
vi.mock('../api/cancel-coin-order', () => ({ cancelCoinOrder: api.cancelCoinOrder }));
vi.mock('../api/report-payment', () => ({ reportPayment: api.reportPayment }));
vi.mock('../api/get-coin-config', () => ({
  useCoinConfig: () => ({
    isPending: false,
    isError: false,
    data: { receiptAddress: RECEIPT, minQty: '10', maxQty: '1000000', tokenConfigs: [] },
  }),
}));
vi.mock('../api/get-coin-histories', () => ({
  useCoinHistories: () => ({
    isPending: false,
    data: { pages: [state.items] },
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => {},
  }),
}));

const RECEIPT = vi.hoisted(() => '0x00000000000000000000000000000000000c0175');
const { CoinHistoryScreen: Screen } = await import('./coin-history-screen');
const ACCOUNT = '0x1111111111111111111111111111111111111111';
const payer = {
  prepare: vi.fn(),
  abandon: vi.fn(),
  pay: vi.fn(async () => ({ userOpHash: `0x${'ee'.repeat(32)}` as const, succeeded: true })),
};
const CoinHistoryScreen = () => <Screen account={ACCOUNT} payer={payer} />;

const REFUND_TX = `0x${'ab'.repeat(32)}`;
const order = (over: Partial<CoinHistoryItem>): CoinHistoryItem => ({
  orderId: '00000000-0000-4000-8000-000000000001',
  baseQty: '100',
  quoteQty: '0.01',
  quoteWei: '10000000000000000',
  expiresAt: Date.now() + 60_000,
  packageId: null,
  state: 'created',
  txHash: `0x${'cd'.repeat(32)}`,
  refund: null,
  created: Date.parse('2026-11-28T09:00:00Z'),
  ...over,
});

beforeEach(() => {
  state.items = [];
  vi.clearAllMocks();
});

describe('CoinHistoryScreen', () => {
  it('shows an order whose payment was sent back as Refunded, with the refund transaction', () => {
    state.items = [
      order({
        state: 'refunded',
        refund: {
          status: 'sent',
          reason: 'paid after the quote ran out',
          amount: '0.0099',
          txHash: REFUND_TX,
        },
      }),
    ];
    render(<CoinHistoryScreen />);
    expect(screen.getByTestId('coin-history-state').textContent).toBe('Refunded');
    expect(screen.getByTestId('coin-history-refund').textContent).toContain(
      'Refunded 0.0099 ETH (paid after the quote ran out)',
    );
    expect(screen.getByTestId('coin-history-refund-tx').textContent).toBe(REFUND_TX);
  });

  it('shows a credited order with its excess sent back as Done, and a refund not yet sent as on its way', () => {
    state.items = [
      order({
        state: 'done',
        refund: { status: 'sent', reason: 'paid more than the quote', amount: '0.001', txHash: REFUND_TX },
      }),
      order({
        orderId: '00000000-0000-4000-8000-000000000002',
        state: 'rejected',
        refund: { status: 'pending', reason: 'paid less than the quote', amount: null, txHash: null },
      }),
    ];
    render(<CoinHistoryScreen />);
    const states = screen.getAllByTestId('coin-history-state').map((node) => node.textContent);
    expect(states).toEqual(['Done', 'Rejected']);
    const refunds = screen.getAllByTestId('coin-history-refund').map((node) => node.textContent);
    expect(refunds[0]).toContain('Refunded 0.001 ETH (paid more than the quote)');
    expect(refunds[1]).toBe('Refund on its way (paid less than the quote)');
  });

  it('pays an unpaid order while its quote holds: its quote, to the receipt address, with its id as call data', async () => {
    state.items = [order({ orderId: '12345678-1234-4234-8234-123456789abc', txHash: null })];
    render(<CoinHistoryScreen />);
    expect(screen.getByTestId('coin-history-state').textContent).toBe('Waiting for payment');
    expect(screen.getByTestId('coin-history-amount').textContent).toBe('100 OJO');
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(payer.prepare).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(payer.pay).toHaveBeenCalledWith({
        from: ACCOUNT,
        to: RECEIPT,
        valueWei: 10_000_000_000_000_000n,
        data: '0x12345678123442348234123456789abc',
      }),
    );
    await waitFor(() => expect(api.reportPayment).toHaveBeenCalledWith(`0x${'ee'.repeat(32)}`));
  });

  it('cancels an unpaid order; one whose quote ran out reads Expired and offers no Pay', async () => {
    state.items = [order({ txHash: null, expiresAt: Date.now() - 1 })];
    render(<CoinHistoryScreen />);
    expect(screen.getByTestId('coin-history-state').textContent).toBe('Expired');
    expect(screen.getByTestId('coin-history-amount').textContent).toBe('100 OJO');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.cancelCoinOrder).toHaveBeenCalledWith(order({}).orderId));
  });

  it('signs only a paid order: +100 OJO when done, none when cancelled', () => {
    state.items = [
      order({ state: 'done' }),
      order({ orderId: '00000000-0000-4000-8000-000000000003', state: 'cancelled' }),
    ];
    render(<CoinHistoryScreen />);
    const amounts = screen.getAllByTestId('coin-history-amount').map((node) => node.textContent);
    expect(amounts).toEqual(['+100 OJO', '100 OJO']);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
