import { defineOjoChain } from '@ojo/contracts/chain';
import { createPublicClient, http } from 'viem';

/** Anvil mines instantly: poll fast. */
export const POLLING_INTERVAL_MS = 250;

/** The product's chain (one definition, in @ojo/contracts/chain) at the configured id and RPC URL. */
export function createWalletChain({ chainId, rpcUrl }: { chainId: number; rpcUrl: string }) {
  return defineOjoChain({ chainId, rpcUrl });
}

export function createWalletPublicClient(options: { chainId: number; rpcUrl: string }) {
  return createPublicClient({
    chain: createWalletChain(options),
    transport: http(options.rpcUrl),
    pollingInterval: POLLING_INTERVAL_MS,
  });
}

export type WalletPublicClient = ReturnType<typeof createWalletPublicClient>;
