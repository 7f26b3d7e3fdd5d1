import type { Address, Hex } from 'viem';
import { getAccountProvider } from '../wallet/get-account-provider';
import { loadWallet } from '../wallet/load-wallet';
import type { LoginAccountProvider } from './login-account-provider';

/**
 * The account provider popup as the login uses it: wagmi's connector for the connection (so the rest of the app's
 * wagmi actions see the account), the popup's EIP-1193 provider for signing.
 */
export function createLoginAccountProvider(): LoginAccountProvider {
  // Taken at each use, not here: the app's provider is also made when the landing page is prerendered, with no window.
  const provider = () => getAccountProvider();
  return {
    connect() {
      try {
        // Synchronously, inside the click: the browser allows the popup only now (throws PopupBlockedError).
        provider().openPopup();
      } catch (error) {
        return Promise.reject(error);
      }
      return (async () => {
        const [{ wagmiConfig, connector }, { connect, disconnect }] = await Promise.all([
          loadWallet(),
          import('wagmi/actions'),
        ]);
        // A new login asks the popup again ('Create account' or 'Continue'), even over a remembered connection.
        if (wagmiConfig.state.current) await disconnect(wagmiConfig).catch(() => {});
        const { accounts } = await connect(wagmiConfig, { connector, chainId: wagmiConfig.chains[0].id });
        const [address] = accounts;
        if (!address) throw new Error('The account provider answered no account');
        return address;
      })();
    },
    async signMessage(address: Address, message: string): Promise<Hex> {
      const { stringToHex } = await import('viem');
      const signature = await provider().request({
        method: 'personal_sign',
        params: [stringToHex(message), address],
      });
      if (typeof signature !== 'string' || !signature.startsWith('0x')) {
        throw new Error('The account provider answered no signature');
      }
      return signature as Hex;
    },
    async disconnect() {
      const { wagmiConfig } = await loadWallet();
      if (wagmiConfig.state.current) {
        const { disconnect } = await import('wagmi/actions');
        await disconnect(wagmiConfig).catch(() => {});
      } else {
        await provider()
          .request({ method: 'wallet_disconnect' })
          .catch(() => {});
      }
      provider().close();
    },
    restore(address: Address) {
      if (provider().getAccounts().length === 0) provider().setAccounts([address]);
    },
    onDisconnect(listener: () => void) {
      const onEvent = () => listener();
      provider().on('disconnect', onEvent);
      return () => provider().removeListener('disconnect', onEvent);
    },
  };
}
