import { type Address, type Client, concat, encodeFunctionData, type Hex, type LocalAccount } from 'viem';
import {
  entryPoint08Abi,
  entryPoint08Address,
  getUserOperationTypedData,
  type SmartAccount,
  type SmartAccountImplementation,
  toSmartAccount,
} from 'viem/account-abstraction';
import { readContract } from 'viem/actions';
import { smartAccountAbi, smartAccountFactoryAbi } from '../generated/abis';
import { personalSignTypedData, typedDataSignTypedData, wrapTypedDataSignature } from './erc7739';

/**
 * A well-formed 65-byte ECDSA signature that recovers to an unrelated address. Used during gas estimation:
 * the account then walks its full validation path and reports a signature failure instead of reverting.
 */
export const STUB_ECDSA_SIGNATURE: Hex = concat([
  '0xfffffffffffffffffffffffffffffff000000000000000000000000000000000', // r
  '0x7aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', // s (low half of the curve order)
  '0x1c', // v
]);

/** A session key's user operation signature: the key's address (20 bytes) then its signature (65 bytes). */
export function encodeSessionKeySignature(sessionKey: Address, signature: Hex): Hex {
  return concat([sessionKey, signature]);
}

export interface SmartAccountOwnerRef {
  factoryAddress: Address;
  owner: Address;
  /** Lets one owner hold several accounts; 0 by default. */
  salt?: bigint;
}

/** initCode parts that deploy the account of (owner, salt) through the factory on its first user operation. */
export function getSmartAccountFactoryArgs({ factoryAddress, owner, salt = 0n }: SmartAccountOwnerRef) {
  return {
    factory: factoryAddress,
    factoryData: encodeFunctionData({
      abi: smartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [owner, salt],
    }),
  };
}

/** The counterfactual address of the account of (owner, salt), deployed or not. */
export function getSmartAccountAddress(
  client: Client,
  { factoryAddress, owner, salt = 0n }: SmartAccountOwnerRef,
) {
  return readContract(client, {
    address: factoryAddress,
    abi: smartAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner, salt],
  });
}

export interface ToOjoSmartAccountParameters {
  /** A public client of the chain (with its chain set). */
  client: SmartAccountImplementation['client'];
  factoryAddress: Address;
  /** The owner's signer (needed to sign as owner and for EIP-1271 messages), or just its address. */
  owner: LocalAccount | Address;
  salt?: bigint;
  /** When set, user operations are signed by this session key instead of the owner. */
  sessionKey?: LocalAccount;
  /** EntryPoint nonce key; operations of one key are sequential. */
  nonceKey?: bigint;
}

export type OjoSmartAccount = SmartAccount<SmartAccountImplementation<typeof entryPoint08Abi, '0.8'>>;

/** A viem SmartAccount for SmartAccount.sol (EntryPoint v0.8), usable with viem's bundler client and wagmi. */
export async function toOjoSmartAccount(parameters: ToOjoSmartAccountParameters): Promise<OjoSmartAccount> {
  const { client, factoryAddress, salt = 0n, sessionKey, nonceKey = 0n } = parameters;
  const ownerSigner = typeof parameters.owner === 'string' ? undefined : parameters.owner;
  const ownerAddress = typeof parameters.owner === 'string' ? parameters.owner : parameters.owner.address;
  const ref = { factoryAddress, owner: ownerAddress, salt };
  const address = await getSmartAccountAddress(client, ref);
  const requireOwner = () => {
    if (!ownerSigner) throw new Error('This smart account was created without the owner signer');
    return ownerSigner;
  };

  const entryPoint = { abi: entryPoint08Abi, address: entryPoint08Address, version: '0.8' } as const;
  const chainId = client.chain?.id;
  if (chainId === undefined) throw new Error('toOjoSmartAccount needs a client with a chain');

  return toSmartAccount({
    client,
    entryPoint,
    getAddress: async () => address,
    getFactoryArgs: async () => getSmartAccountFactoryArgs(ref),
    async getNonce(options) {
      return readContract(client, {
        address: entryPoint08Address,
        abi: entryPoint08Abi,
        functionName: 'getNonce',
        args: [address, options?.key ?? nonceKey],
      });
    },
    // viem passes a time-based nonce key unless one is given; this account uses sequential nonces of one key.
    nonceKeyManager: {
      consume: async () => Number(nonceKey),
      increment: () => {},
      get: async () => Number(nonceKey),
      reset: () => {},
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls;
        return encodeFunctionData({
          abi: smartAccountAbi,
          functionName: 'execute',
          args: [call!.to, call!.value ?? 0n, call!.data ?? '0x'],
        });
      }
      return encodeFunctionData({
        abi: smartAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))],
      });
    },
    async getStubSignature() {
      return sessionKey
        ? encodeSessionKeySignature(sessionKey.address, STUB_ECDSA_SIGNATURE)
        : STUB_ECDSA_SIGNATURE;
    },
    async signUserOperation({ chainId: operationChainId = chainId, ...userOperation }) {
      const typedData = getUserOperationTypedData({
        chainId: operationChainId,
        entryPointAddress: entryPoint08Address,
        userOperation: { ...userOperation, sender: address },
      });
      if (sessionKey) {
        return encodeSessionKeySignature(sessionKey.address, await sessionKey.signTypedData(typedData));
      }
      return requireOwner().signTypedData(typedData);
    },
    // EIP-1271 through ERC-7739: the owner signs the message or typed data nested in this account's domain.
    async signMessage({ message }) {
      return requireOwner().signTypedData(personalSignTypedData(address, chainId, message));
    },
    async signTypedData(typedData) {
      const definition = typedData as Parameters<typeof typedDataSignTypedData>[2];
      const signature = await requireOwner().signTypedData(
        typedDataSignTypedData(address, chainId, definition) as Parameters<LocalAccount['signTypedData']>[0],
      );
      return wrapTypedDataSignature(signature, definition);
    },
  });
}
