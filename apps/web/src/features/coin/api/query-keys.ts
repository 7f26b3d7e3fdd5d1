/** Query keys of the coin screens' server data. */
export const coinKeys = {
  all: ['coin'] as const,
  config: () => [...coinKeys.all, 'config'] as const,
  discounts: () => [...coinKeys.all, 'discounts'] as const,
  ethBalance: () => [...coinKeys.all, 'eth-balance'] as const,
  histories: () => [...coinKeys.all, 'histories'] as const,
  withdrawInfo: () => [...coinKeys.all, 'withdraw-info'] as const,
  withdraws: () => [...coinKeys.all, 'withdraws'] as const,
};
