import { env } from '@/config/env';
import { type AccountProvider, createAccountProvider } from './account-provider';

let provider: AccountProvider | undefined;

/**
 * The app's one popup provider for the configured account provider. Light (no viem/wagmi): the login click calls
 * `getAccountProvider().openPopup()` synchronously, then awaits `loadWallet()`.
 */
export function getAccountProvider(): AccountProvider {
  provider ??= createAccountProvider({
    walletOrigin: env.walletOrigin,
    chainId: env.chainId,
    rpcUrl: env.chainRpcUrl,
  });
  return provider;
}
