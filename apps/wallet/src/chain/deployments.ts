import { type Address, getAddress, isAddress } from 'viem';
import { z } from 'zod';

/** The addresses the wallet needs: where accounts come from and who sponsors gas. */
export interface WalletContracts {
  smartAccountFactory: Address;
  verifyingPaymaster: Address;
}

/**
 * Served by this app's own Vite server (dev and preview) from `<DATA_DIR>/devnet/deployments.json`, read at request
 * time so a redeployed devnet needs no rebuild (see vite.config.ts). A static deployment sets the addresses in env.
 */
export const DEPLOYMENTS_PATH = '/devnet/deployments.json';

const address = z
  .string()
  .refine((value) => isAddress(value), 'must be an address')
  .transform((value) => getAddress(value));

const deploymentsSchema = z.object({
  chainId: z.number().int(),
  contracts: z.object({ SmartAccountFactory: address, VerifyingPaymaster: address }),
});

export class DeploymentsError extends Error {
  override name = 'DeploymentsError';
}

export function parseDeployments(json: unknown, expectedChainId: number): WalletContracts {
  const parsed = deploymentsSchema.safeParse(json);
  if (!parsed.success)
    throw new DeploymentsError('The chain deployments lack the account factory or paymaster');
  if (parsed.data.chainId !== expectedChainId) {
    throw new DeploymentsError(
      `The deployments are for chain ${parsed.data.chainId}, not ${expectedChainId}`,
    );
  }
  return {
    smartAccountFactory: parsed.data.contracts.SmartAccountFactory,
    verifyingPaymaster: parsed.data.contracts.VerifyingPaymaster,
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
