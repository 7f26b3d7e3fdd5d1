import { defineChain } from 'viem';

export const DEVNET_CHAIN_ID = 11124;

/**
 * The local devnet chain. Defined here on purpose: viem/chains knows id 11124 as Abstract Testnet, a zkSync
 * chain whose formatters and serializers must not be applied to anvil.
 */
export function createDevnetChain(rpcUrl: string) {
  return defineChain({
    id: DEVNET_CHAIN_ID,
    name: 'OJO Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}

export const devnetChain = createDevnetChain('http://127.0.0.1:8545');

/** Polling interval for viem clients on the devnet: anvil mines instantly, so poll fast. */
export const DEVNET_POLLING_INTERVAL_MS = 100;
