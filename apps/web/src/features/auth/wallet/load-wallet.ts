/**
 * The only entry to wagmi and viem for the rest of the app: a dynamic import, so the landing page does not load
 * them until a login (or another wallet action) needs them.
 */
export async function loadWallet() {
  const [{ wagmiConfig, arenaChain, arenaWalletConnector }, { getArenaWalletProvider }] = await Promise.all([
    import('./wagmi-config'),
    import('./arena-wallet-provider'),
  ]);
  return { wagmiConfig, arenaChain, connector: arenaWalletConnector(), provider: getArenaWalletProvider() };
}

export type LoadedWallet = Awaited<ReturnType<typeof loadWallet>>;
