import { createPublicClient, defineChain, http } from 'viem';

/** Anvil mines instantly: poll fast. */
export const POLLING_INTERVAL_MS = 250;

/**
 * The app's chain, defined here on purpose: viem/chains knows id 11124 as Abstract Testnet, a zkSync chain whose
 * formatters must not touch the local anvil.
 */
export function createWalletChain({ chainId, rpcUrl }: { chainId: number; rpcUrl: string }) {
  return defineChain({
    id: chainId,
    name: 'OJO Arena chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export function createWalletPublicClient(options: { chainId: number; rpcUrl: string }) {
  return createPublicClient({
    chain: createWalletChain(options),
    transport: http(options.rpcUrl),
    pollingInterval: POLLING_INTERVAL_MS,
  });
}

export type WalletPublicClient = ReturnType<typeof createWalletPublicClient>;
