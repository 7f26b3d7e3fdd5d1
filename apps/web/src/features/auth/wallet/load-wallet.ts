/**
 * The only entry to wagmi and viem for the rest of the app: a dynamic import, so the landing page does not load
 * them until a login (or another wallet action) needs them.
 */
export async function loadWallet() {
  const [{ wagmiConfig, arenaChain, getAccountProviderConnector }, { getAccountProvider }] =
    await Promise.all([import('./wagmi-config'), import('./get-account-provider')]);
  return {
    wagmiConfig,
    arenaChain,
    connector: getAccountProviderConnector(),
    provider: getAccountProvider(),
  };
}

export type LoadedWallet = Awaited<ReturnType<typeof loadWallet>>;
