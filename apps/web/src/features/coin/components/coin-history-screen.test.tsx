import type { CoinHistoryItem } from '@ojo/api-contract/coin';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ items: [] as CoinHistoryItem[] }));
vi.mock('../api/buy-ojo', () => ({
  useCoinHistories: () => ({
    isPending: false,
    data: { pages: [state.items] },
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => {},
  }),
}));

const { CoinHistoryScreen } = await import('./coin-history-screen');

const REFUND_TX = `0x${'ab'.repeat(32)}`;
const order = (over: Partial<CoinHistoryItem>): CoinHistoryItem => ({
  orderId: '00000000-0000-4000-8000-000000000001',
  baseQty: '100',
  quoteQty: '0.01',
  packageId: null,
  state: 'created',
  txHash: `0x${'cd'.repeat(32)}`,
  refund: null,
  created: Date.parse('2026-11-28T09:00:00Z'),
  ...over,
});

beforeEach(() => {
  state.items = [];
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
});
