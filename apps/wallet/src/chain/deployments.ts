import { DeploymentsError, parseDeployments as parseSharedDeployments } from '@ojo/contracts/deployments';
import type { Address } from 'viem';

export { DeploymentsError } from '@ojo/contracts/deployments';

/** The addresses the wallet needs: where accounts come from and who sponsors gas. */
export interface WalletContracts {
  smartAccountFactory: Address;
  verifyingPaymaster: Address;
  /** Every contract of the deployment by lower-case address, so a prompt names what it calls. */
  names?: Record<string, string>;
}

/**
 * Served by this app's own Vite server (dev and preview) from `<DATA_DIR>/devnet/deployments.json`, read at request
 * time so a redeployed devnet needs no rebuild (see vite.config.ts). A static deployment sets the addresses in env.
 */
export const DEPLOYMENTS_PATH = '/devnet/deployments.json';

/** The wallet's contracts out of the deployments (the shared schema of @ojo/contracts), for `expectedChainId`. */
export function parseDeployments(json: unknown, expectedChainId: number): WalletContracts {
  const deployments = parseSharedDeployments(json, 'chain deployments');
  if (deployments.chainId !== expectedChainId) {
    throw new DeploymentsError(
      `The deployments are for chain ${deployments.chainId}, not ${expectedChainId}`,
    );
  }
  return {
    smartAccountFactory: deployments.contracts.SmartAccountFactory,
    verifyingPaymaster: deployments.contracts.VerifyingPaymaster,
    names: Object.fromEntries(
      Object.entries(deployments.contracts).map(([name, address]) => [String(address).toLowerCase(), name]),
    ),
  };
}

export async function loadContracts(options: {
  configured?: WalletContracts;
  chainId: number;
  fetch?: typeof fetch;
}): Promise<WalletContracts> {
  if (options.configured) return options.configured;
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(DEPLOYMENTS_PATH, { cache: 'no-store' });
  if (!response.ok) throw new DeploymentsError('The chain has no deployments yet (is the devnet running?)');
  return parseDeployments(await response.json(), options.chainId);
}
