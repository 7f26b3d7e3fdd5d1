import { type Address, getAddress, numberToHex, SwitchChainError, UserRejectedRequestError } from 'viem';
import { ChainNotConfiguredError, createConnector } from 'wagmi';
import { type AccountProvider, ProviderRpcError, USER_REJECTED_CODE } from './account-provider';

export const ACCOUNT_PROVIDER_CONNECTOR_ID = 'arena-wallet';

export interface AccountProviderConnectorParameters {
  provider: AccountProvider;
  /** The configured display name (VITE_PROVIDER_NAME, default 'Arena Wallet'). */
  name: string;
}

const toAddresses = (accounts: unknown): Address[] =>
  (Array.isArray(accounts) ? accounts : []).map((account) => getAddress(String(account)));

/** A popup closed or a Cancel click becomes wagmi's UserRejectedRequestError; others pass through. */
function normalizeError(error: unknown): unknown {
  if (error instanceof ProviderRpcError && error.code === USER_REJECTED_CODE) {
    return new UserRejectedRequestError(error);
  }
  return error;
}

/** wagmi connector for the account provider popup (ARCHITECTURE.md (Accounts and sign-in)). */
export function accountProviderConnector({ provider, name }: AccountProviderConnectorParameters) {
  type Provider = AccountProvider;
  let onAccountsChanged: ((accounts: unknown) => void) | undefined;
  let onDisconnect: ((error: unknown) => void) | undefined;

  return createConnector<Provider>((config) => ({
    id: ACCOUNT_PROVIDER_CONNECTOR_ID,
    name,
    type: 'arenaWallet',
    async connect({ chainId, withCapabilities } = {}) {
      let accounts: Address[];
      try {
        accounts = toAddresses(await provider.request({ method: 'eth_requestAccounts' }));
      } catch (error) {
        throw normalizeError(error);
      }
      onAccountsChanged ??= (next) => this.onAccountsChanged(toAddresses(next));
      onDisconnect ??= (error) => this.onDisconnect(error as Error);
      provider.on('accountsChanged', onAccountsChanged);
      provider.on('disconnect', onDisconnect);
      const currentChainId = await this.getChainId();
      if (chainId !== undefined && chainId !== currentChainId) {
        throw new SwitchChainError(new ChainNotConfiguredError());
      }
      return {
        accounts: (withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts) as never,
        chainId: currentChainId,
      };
    },
    async disconnect() {
      if (onAccountsChanged) provider.removeListener('accountsChanged', onAccountsChanged);
      if (onDisconnect) provider.removeListener('disconnect', onDisconnect);
      await provider.request({ method: 'wallet_disconnect' });
    },
    async getAccounts() {
      return toAddresses(await provider.request({ method: 'eth_accounts' }));
    },
    async getChainId() {
      return Number(await provider.request({ method: 'eth_chainId' }));
    },
    async getProvider() {
      return provider;
    },
    async isAuthorized() {
      return provider.getAccounts().length > 0;
    },
    async switchChain({ chainId }) {
      const chain = config.chains.find((candidate) => candidate.id === chainId);
      if (!chain || numberToHex(chainId) !== (await provider.request({ method: 'eth_chainId' }))) {
        throw new SwitchChainError(new ChainNotConfiguredError());
      }
      return chain;
    },
    onAccountsChanged(accounts) {
      if (accounts.length === 0) this.onDisconnect();
      else config.emitter.emit('change', { accounts: accounts.map((account) => getAddress(account)) });
    },
    onChainChanged(chain) {
      config.emitter.emit('change', { chainId: Number(chain) });
    },
    async onDisconnect() {
      config.emitter.emit('disconnect');
    },
  }));
}
