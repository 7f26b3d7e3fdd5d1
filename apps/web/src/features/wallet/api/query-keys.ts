/** Query keys of the wallet's server data, for invalidation after a send or a faucet funding. */
export const walletKeys = {
  all: ['wallet'] as const,
  settings: () => [...walletKeys.all, 'settings'] as const,
  balances: () => [...walletKeys.all, 'balances'] as const,
  ticker: (symbol: string) => [...walletKeys.all, 'ticker', symbol] as const,
  histories: () => [...walletKeys.all, 'histories'] as const,
};
