import { WALLET_RPC_ERROR } from '@ojo/domain/wallet/popup-protocol';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { KeyStore } from '../keys/key-store';
import { WalletRpcError } from '../protocol/messages';
import type { AccountService } from './account-service';

/**
 * The plain external-wallet mode (`/popup?mode=external`, ARCHITECTURE.md (Accounts and sign-in)): externally owned devnet accounts, a
 * key and its own address, no smart account. They sign EIP-191 messages and EIP-712 data with the key itself (what
 * linking a wallet for asset badges needs); they send nothing, so they need no ETH. The keys live in their own
 * IndexedDB database, apart from the smart accounts' owner keys.
 */
export function createExternalAccountService(keyStore: KeyStore): AccountService {
  const signerOf = async (address: `0x${string}`) =>
    privateKeyToAccount(await keyStore.readPrivateKey(getAddress(address)));
  return {
    listAccounts: () => keyStore.listAccounts(),
    async hasAccount(address) {
      return Boolean(await keyStore.getAccount(getAddress(address)));
    },
    async createAccount() {
      const privateKey = generatePrivateKey();
      const { address } = privateKeyToAccount(privateKey);
      return keyStore.saveAccount({ address, owner: address, salt: 0n, privateKey });
    },
    async signMessage(address, message) {
      return (await signerOf(address)).signMessage({ message });
    },
    async signTypedData(address, typedData) {
      return (await signerOf(address)).signTypedData(typedData);
    },
    // A plain key account has no session keys.
    isSessionKeyActive: async () => false,
    async sendCalls() {
      throw new WalletRpcError(
        WALLET_RPC_ERROR.unsupportedMethod,
        'An external wallet of this provider signs only; it sends no transactions.',
      );
    },
  };
}
