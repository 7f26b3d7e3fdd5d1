import { env } from '@/config/env';
import { type AccountProvider, createAccountProvider } from '@/features/auth/wallet/account-provider';

/** The EIP-6963 identity of the account provider's plain external-wallet mode. */
export const EXTERNAL_WALLET_INFO = {
  uuid: 'ojo-arena-account-provider-external',
  name: `${env.providerName} (external key)`,
  icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Crect width='24' height='24' rx='6' fill='%23c6f432'/%3E%3C/svg%3E",
  rdns: 'xyz.ojo-arena.account-provider.external',
} as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Locally the account provider also offers a plain external-wallet mode (ARCHITECTURE.md (Accounts and sign-in)): its
 * popup at `/popup?mode=external` holds externally owned devnet keys and signs with them. Only for a local account
 * provider; a real one has no such mode, and players link their own wallet extension.
 */
export function isExternalWalletModeOffered(walletOrigin = env.walletOrigin): boolean {
  return LOCAL_HOSTS.has(new URL(walletOrigin).hostname);
}

let provider: AccountProvider | undefined;

function externalWalletProvider(): AccountProvider {
  provider ??= createAccountProvider({
    walletOrigin: env.walletOrigin,
    chainId: env.chainId,
    rpcUrl: env.chainRpcUrl,
    popupPath: '/popup?mode=external',
    windowName: 'ojo-arena-external-wallet',
  });
  return provider;
}

/**
 * Announces the external-wallet mode as an EIP-6963 injected wallet (what a browser extension does): once now and
 * on every `eip6963:requestProvider`, so any page listing injected wallets finds it. Returns the cleanup.
 */
export function announceExternalWallet(target: Window = window): () => void {
  if (!isExternalWalletModeOffered()) return () => {};
  const detail = Object.freeze({ info: EXTERNAL_WALLET_INFO, provider: externalWalletProvider() });
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => target.removeEventListener('eip6963:requestProvider', announce);
}
