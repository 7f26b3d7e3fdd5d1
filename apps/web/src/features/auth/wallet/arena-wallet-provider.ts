import { env } from '@/config/env';
import { createPopupProvider, type PopupProvider } from './popup-provider';

let provider: PopupProvider | undefined;

/**
 * The app's one popup provider for the configured account provider. Light (no viem/wagmi): the login click calls
 * `getArenaWalletProvider().openPopup()` synchronously, then awaits `loadWallet()`.
 */
export function getArenaWalletProvider(): PopupProvider {
  provider ??= createPopupProvider({
    walletOrigin: env.walletOrigin,
    chainId: env.chainId,
    rpcUrl: env.chainRpcUrl,
  });
  return provider;
}
