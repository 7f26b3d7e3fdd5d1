import { createPublicClient, createWalletClient, type Hex, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createDevnetChain, DEVNET_POLLING_INTERVAL_MS } from './chain';

/** A viem public client for the devnet at `rpcUrl` (local chain definition, fast polling). */
export function createDevnetPublicClient(rpcUrl: string): PublicClient {
  return createPublicClient({
    chain: createDevnetChain(rpcUrl),
    transport: http(rpcUrl),
    pollingInterval: DEVNET_POLLING_INTERVAL_MS,
  });
}

/** A viem wallet client for the devnet signing locally with `privateKey`. */
export function createDevnetWalletClient(rpcUrl: string, privateKey: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain: createDevnetChain(rpcUrl),
    transport: http(rpcUrl),
    pollingInterval: DEVNET_POLLING_INTERVAL_MS,
  });
}
