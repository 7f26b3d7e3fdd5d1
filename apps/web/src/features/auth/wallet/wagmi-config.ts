import { defineOjoChain } from '@ojo/contracts/chain';
import { http } from 'viem';
import { createConfig } from 'wagmi';
import { env } from '@/config/env';
import { getAccountProvider } from './get-account-provider';
import { accountProviderConnector } from './wagmi-connector';

/** The product's chain (one definition, in @ojo/contracts/chain) at the configured id and RPC URL. */
export const arenaChain = defineOjoChain({
  chainId: env.chainId,
  rpcUrl: env.chainRpcUrl,
  name: `${env.productName} chain`,
});

export const wagmiConfig = createConfig({
  chains: [arenaChain],
  connectors: [accountProviderConnector({ provider: getAccountProvider(), name: env.providerName })],
  transports: { [arenaChain.id]: http(env.chainRpcUrl) },
  multiInjectedProviderDiscovery: false,
  pollingInterval: 500,
});

export const getAccountProviderConnector = () => {
  const connector = wagmiConfig.connectors[0];
  if (!connector) throw new Error('The wallet connector is missing from the wagmi config');
  return connector;
};
