import { smartAccountAbi } from '@ojo/contracts/generated/abis';
import { createVerifyingPaymaster } from '@ojo/contracts/paymaster';
import { getSmartAccountAddress, toOjoSmartAccount } from '@ojo/contracts/smart-account';
import { createOjoBundlerClient, sendUserOperationAndWait } from '@ojo/contracts/user-operation';
import { SESSION_KEY_STATUS } from '@ojo/domain/enums';
import { type Address, getAddress, type Hex, type TransactionReceipt, type TypedDataDefinition } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { WalletPublicClient } from '../chain/chain';
import type { WalletContracts } from '../chain/deployments';
import type { HeldAccount, KeyStore } from '../keys/key-store';
import { createPaymasterServiceSponsorship, type PaymasterServiceCapability } from '../rpc/paymaster-service';

export interface Call {
  to: Address;
  value?: bigint;
  data?: Hex;
}

export interface SentCalls {
  userOpHash: Hex;
  txHash: Hex;
  receipt: TransactionReceipt;
}

export interface AccountService {
  listAccounts(): Promise<HeldAccount[]>;
  hasAccount(address: Address): Promise<boolean>;
  /** A new owner key and its counterfactual smart account (nothing is sent on chain). */
  createAccount(): Promise<HeldAccount>;
  /** EIP-191 message signature valid under EIP-1271 (EIP-6492-wrapped while the account is not deployed). */
  signMessage(address: Address, message: { raw: Hex }): Promise<Hex>;
  signTypedData(address: Address, typedData: TypedDataDefinition): Promise<Hex>;
  /** True when `key` is an Active session key of the deployed account `address` (SmartAccount.sessionKeyStatus). */
  isSessionKeyActive(address: Address, key: Address): Promise<boolean>;
  /** Sends the calls as one user operation and waits until it is mined. */
  sendCalls(
    address: Address,
    calls: Call[],
    options?: { paymasterService?: PaymasterServiceCapability },
  ): Promise<SentCalls>;
}

export interface AccountServiceOptions {
  keyStore: KeyStore;
  publicClient: WalletPublicClient;
  getContracts: () => Promise<WalletContracts>;
  bundlerUrl: string;
  saasId: string;
  fetch?: typeof fetch;
  receiptTimeoutMs?: number;
}

/** The salt of every account this wallet creates: one account per owner key. */
const ACCOUNT_SALT = 0n;

export function createAccountService(options: AccountServiceOptions): AccountService {
  const { keyStore, publicClient } = options;

  const loadSmartAccount = async (address: Address) => {
    const held = await keyStore.getAccount(getAddress(address));
    if (!held) throw new Error(`This wallet holds no key for ${address}`);
    const { smartAccountFactory } = await options.getContracts();
    const owner = privateKeyToAccount(await keyStore.readPrivateKey(held.address));
    return toOjoSmartAccount({
      client: publicClient,
      factoryAddress: smartAccountFactory,
      owner,
      salt: held.salt,
    });
  };

  return {
    listAccounts: () => keyStore.listAccounts(),
    async hasAccount(address) {
      return Boolean(await keyStore.getAccount(getAddress(address)));
    },
    async createAccount() {
      const { smartAccountFactory } = await options.getContracts();
      const privateKey = generatePrivateKey();
      const owner = privateKeyToAccount(privateKey).address;
      const address = await getSmartAccountAddress(publicClient, {
        factoryAddress: smartAccountFactory,
        owner,
        salt: ACCOUNT_SALT,
      });
      return keyStore.saveAccount({ address: getAddress(address), owner, salt: ACCOUNT_SALT, privateKey });
    },
    async signMessage(address, message) {
      return (await loadSmartAccount(address)).signMessage({ message });
    },
    async signTypedData(address, typedData) {
      return (await loadSmartAccount(address)).signTypedData(typedData);
    },
    async isSessionKeyActive(address, key) {
      const code = await publicClient.getCode({ address });
      if (!code || code === '0x') return false;
      const status = await publicClient.readContract({
        address,
        abi: smartAccountAbi,
        functionName: 'sessionKeyStatus',
        args: [key],
      });
      return status === SESSION_KEY_STATUS.Active;
    },
    async sendCalls(address, calls, sendOptions = {}) {
      const account = await loadSmartAccount(address);
      const { verifyingPaymaster } = await options.getContracts();
      const paymaster = sendOptions.paymasterService
        ? createVerifyingPaymaster({
            paymasterAddress: verifyingPaymaster,
            getSponsorship: createPaymasterServiceSponsorship({
              capability: sendOptions.paymasterService,
              defaultSaasId: options.saasId,
              paymasterAddress: verifyingPaymaster,
              ...(options.fetch ? { fetch: options.fetch } : {}),
            }),
          })
        : undefined;
      const bundler = createOjoBundlerClient({
        bundlerUrl: options.bundlerUrl,
        client: publicClient,
        account,
        ...(paymaster ? { paymaster } : {}),
      });
      const receipt = await sendUserOperationAndWait(
        bundler,
        { calls: calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })) },
        { timeoutMs: options.receiptTimeoutMs ?? 60_000 },
      );
      return {
        userOpHash: receipt.userOpHash,
        txHash: receipt.receipt.transactionHash,
        receipt: receipt.receipt,
      };
    },
  };
}
