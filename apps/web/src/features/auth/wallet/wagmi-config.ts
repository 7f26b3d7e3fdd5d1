import { defineChain, http } from 'viem';
import { createConfig } from 'wagmi';
import { env } from '@/config/env';
import { getArenaWalletProvider } from './arena-wallet-provider';
import { arenaWallet } from './wagmi-connector';

/**
 * The app's chain, defined here on purpose: viem/chains knows id 11124 as Abstract Testnet (a zkSync chain whose
 * formatters must not touch the local anvil).
 */
export const arenaChain = defineChain({
  id: env.chainId,
  name: `${env.productName} chain`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [env.chainRpcUrl] } },
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
