import { defineOjoChain } from '@ojo/contracts/chain';
import { http } from 'viem';
import { createConfig } from 'wagmi';
import { env } from '@/config/env';
import { getArenaWalletProvider } from './arena-wallet-provider';
import { arenaWallet } from './wagmi-connector';

/** The product's chain (one definition, in @ojo/contracts/chain) at the configured id and RPC URL. */
export const arenaChain = defineOjoChain({
  chainId: env.chainId,
  rpcUrl: env.chainRpcUrl,
  name: `${env.productName} chain`,
});

export const wagmiConfig = createConfig({
  chains: [arenaChain],
  connectors: [arenaWallet({ provider: getArenaWalletProvider(), name: env.providerName })],
  transports: { [arenaChain.id]: http(env.chainRpcUrl) },
  multiInjectedProviderDiscovery: false,
  pollingInterval: 500,
});

export const arenaWalletConnector = () => {
  const connector = wagmiConfig.connectors[0];
  if (!connector) throw new Error('The wallet connector is missing from the wagmi config');
  return connector;
};
