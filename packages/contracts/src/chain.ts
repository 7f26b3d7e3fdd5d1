import { DEFAULT_CHAIN_ID } from '@ojo/domain/constants';
import { type Chain, defineChain } from 'viem';

/** The local devnet's chain id (anvil started by @ojo/devnet); product.md 9's default chain id. */
export const LOCAL_CHAIN_ID = DEFAULT_CHAIN_ID;

/** Polling interval for viem clients on the local devnet: anvil mines at once, so poll fast. */
export const LOCAL_POLLING_INTERVAL_MS = 100;

export interface OjoChainOptions {
  chainId: number;
  /** The JSON-RPC URL clients of this chain use. */
  rpcUrl: string;
  /** Shown by wallets; defaults to 'OJO Arena chain'. */
  name?: string;
}

/**
 * The viem chain of the product, the one definition every app uses (web, wallet, API, devnet, tests). Built here
 * rather than taken from `viem/chains`: there id 11124 is Abstract Testnet, a zkSync chain whose formatters and
 * serializers must never touch the local anvil. A public chain is the same shape with its id and RPC URL.
 */
export function defineOjoChain({ chainId, rpcUrl, name = 'OJO Arena chain' }: OjoChainOptions): Chain {
  return defineChain({
    id: chainId,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: chainId === LOCAL_CHAIN_ID,
  });
}

/** The local devnet at `rpcUrl` (default: anvil's port on this machine). */
export function defineLocalChain(rpcUrl = 'http://127.0.0.1:8545'): Chain {
  return defineOjoChain({ chainId: LOCAL_CHAIN_ID, rpcUrl, name: 'OJO Devnet' });
}
