import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('@tanstack/react-query', () => ({ useQueryClient: () => ({ invalidateQueries: async () => {} }) }));
vi.mock('../api/buy-ojo', () => ({
  createCoinOrder: vi.fn(),
  reportPayment: vi.fn(),
  useCoinConfig: () => ({
    isPending: false,
    isError: false,
    data: {
      minQty: '10',
      maxQty: '1000000',
      tokenConfigs: [{ symbol: 'ETH', price: '3000', stale: false }],
    },
  }),
  useCoinDiscounts: () => ({ isPending: false, isError: false, data: [] }),
  useEthBalance: () => ({ data: '100000' }),
}));

const { BuyOjoScreen } = await import('./buy-ojo-screen');

const payer = { prepare: () => {}, abandon: () => {}, pay: vi.fn() };

describe('BuyOjoScreen amount', () => {
  it.each([
    ['1000001', 'Maximum amount: 1000000'],
    ['100000000000000000000', 'Maximum amount: 1000000'],
    ['9', 'Minimum amount: 10'],
  ])('%s OJO: %s, as the API answers', (typed, text) => {
    render(<BuyOjoScreen account="0x1111111111111111111111111111111111111111" payer={payer} />);
    fireEvent.change(screen.getByLabelText('Amount (OJO)'), { target: { value: typed } });
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it('accepts exactly the maximum', () => {
    render(<BuyOjoScreen account="0x1111111111111111111111111111111111111111" payer={payer} />);
    fireEvent.change(screen.getByLabelText('Amount (OJO)'), { target: { value: '1000000' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
