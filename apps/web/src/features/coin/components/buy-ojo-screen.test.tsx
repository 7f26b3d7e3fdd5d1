import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const balance = vi.hoisted(() => ({ data: '100000' as string | undefined }));
const packages = vi.hoisted(() => ({
  data: [] as { id: string; baseQty: string; quoteQty: string; discount: number }[],
}));
vi.mock('@tanstack/react-query', () => ({ useQueryClient: () => ({ invalidateQueries: async () => {} }) }));
vi.mock('../api/create-coin-order', () => ({ createCoinOrder: vi.fn() }));
vi.mock('../api/report-payment', () => ({ reportPayment: vi.fn() }));
vi.mock('../api/get-coin-config', () => ({
  useCoinConfig: () => ({
    isPending: false,
    isError: false,
    data: {
      minQty: '10',
      maxQty: '1000000',
      tokenConfigs: [{ symbol: 'ETH', price: '3000', stale: false }],
    },
  }),
}));
vi.mock('../api/get-coin-discounts', () => ({
  useCoinDiscounts: () => ({ isPending: false, isError: false, data: packages.data }),
}));
vi.mock('../api/get-eth-balance', () => ({ useEthBalance: () => ({ data: balance.data }) }));

const { BuyOjoScreen } = await import('./buy-ojo-screen');

const payer = { prepare: () => {}, abandon: () => {}, pay: vi.fn() };

const ACCOUNT = '0x1111111111111111111111111111111111111111';

describe('BuyOjoScreen amount', () => {
  beforeEach(() => {
    balance.data = '100000';
  });

  it('shows the ETH cost of the typed amount at the live price, before anything is ordered', () => {
    render(<BuyOjoScreen account={ACCOUNT} payer={payer} />);
    const field = screen.getByLabelText('Amount (OJO)');
    fireEvent.change(field, { target: { value: '1500' } });
    // 1,500 OJO at 3,000 OJO per ETH.
    expect(screen.getByTestId('buy-eth-cost').textContent).toBe('0.5');
    fireEvent.change(field, { target: { value: '10' } });
    expect(screen.getByTestId('buy-eth-cost').textContent).toBe('0.00333333');
    fireEvent.change(field, { target: { value: '' } });
    expect(screen.queryByTestId('buy-eth-cost')).toBeNull();
  });

  it('says nothing about the balance until it is known (no maximum of 0 while it loads)', () => {
    balance.data = undefined;
    render(<BuyOjoScreen account={ACCOUNT} payer={payer} />);
    fireEvent.change(screen.getByLabelText('Amount (OJO)'), { target: { value: '50' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Buy OJO' })).toBeDisabled();
  });

  it('groups the maximum the balance buys by 3 digits', () => {
    balance.data = '1';
    render(<BuyOjoScreen account={ACCOUNT} payer={payer} />);
    fireEvent.change(screen.getByLabelText('Amount (OJO)'), { target: { value: '3001' } });
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance, can redeem a maximum of 3,000');
  });

  it.each([
    ['1000001', 'Maximum amount: 1,000,000'],
    ['100000000000000000000', 'Maximum amount: 1,000,000'],
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

describe('BuyOjoScreen discount packages', () => {
  beforeEach(() => {
    packages.data = [
      { id: 'p1', baseQty: '100', quoteQty: '0.03', discount: 0 },
      { id: 'p2', baseQty: '1000', quoteQty: '0.3', discount: 5 },
    ];
  });

  it('refuses a package the ETH balance cannot pay, and says why', () => {
    balance.data = '0.1';
    render(<BuyOjoScreen account={ACCOUNT} payer={payer} />);
    expect(screen.getByRole('button', { name: 'Buy 100 OJO' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Buy 1000 OJO' })).toBeDisabled();
    expect(screen.getAllByText('Not enough ETH: you have 0.1 ETH')).toHaveLength(1);
  });

  it('offers no package before the balance is known', () => {
    balance.data = undefined;
    render(<BuyOjoScreen account={ACCOUNT} payer={payer} />);
    expect(screen.getByRole('button', { name: 'Buy 100 OJO' })).toBeDisabled();
    expect(screen.queryByText(/Not enough ETH/)).toBeNull();
  });
});
