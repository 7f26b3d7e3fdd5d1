import {
  MINT_WITH_SIGNATURE_SELECTOR,
  mintWithSignatureCall,
  signMintRequest,
} from '@ojo/contracts/badge-mint';
import type { Deployments } from '@ojo/contracts/deployments';
import { DEVNET_BADGE_SIGNER_KEY } from '@ojo/contracts/devnet-keys';
import { smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { getVerifyingPaymasterStubData, PAYMASTER_VERIFICATION_GAS_LIMIT } from '@ojo/contracts/paymaster';
import { type OjoSmartAccount, toOjoSmartAccount } from '@ojo/contracts/smart-account';
import { createOjoBundlerClient } from '@ojo/contracts/user-operation';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { SESSION_KEY_FEE_LIMIT_WEI, SESSION_KEY_LIFETIME_SECONDS } from '@ojo/domain/constants';
import { type Address, encodeFunctionData, getAbiItem, type Hex, type LocalAccount, toHex } from 'viem';
import { entryPoint08Abi, entryPoint08Address, type UserOperation } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** What the web asks for (product.md 4): a badge key, 0.01 ETH of fees, 24 h. Any field may be overridden. */
export interface KeyPolicy {
  key: Address;
  target: Address;
  selector: Hex;
  feeLimitWei: bigint;
  validUntil: number;
}

export function productKeyPolicy(
  contracts: Deployments['contracts'],
  overrides: Partial<KeyPolicy> = {},
): KeyPolicy {
  return {
    key: privateKeyToAccount(generatePrivateKey()).address,
    target: contracts.BadgeNFT,
    selector: MINT_WITH_SIGNATURE_SELECTOR,
    feeLimitWei: SESSION_KEY_FEE_LIMIT_WEI,
    validUntil: Math.floor(Date.now() / 1000) + SESSION_KEY_LIFETIME_SECONDS,
    ...overrides,
  };
}

/** The account's own addSessionKey call. */
export const addKeyCall = (account: Address, policy: KeyPolicy) => ({
  to: account,
  data: encodeFunctionData({
    abi: smartAccountAbi,
    functionName: 'addSessionKey',
    args: [policy.key, policy.target, policy.selector, policy.feeLimitWei, policy.validUntil],
  }),
});

/** The account's own revokeSessionKey call. */
export const revokeKeyCall = (account: Address, key: Address) => ({
  to: account,
  data: encodeFunctionData({ abi: smartAccountAbi, functionName: 'revokeSessionKey', args: [key] }),
});

/** A BadgeNFT mint for `to`, signed by the devnet badge signer, with a fresh uid. */
export async function badgeMintCall(contracts: Deployments['contracts'], chainId: number, to: Address) {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const request = {
    to,
    royaltyRecipient: to,
    royaltyBps: 0n,
    primarySaleRecipient: to,
    tokenId: 1001n,
    uri: 'ojo-arena://badges/1001',
    quantity: 1n,
    pricePerToken: 0n,
    currency: '0x0000000000000000000000000000000000000000' as Address,
    validityStart: now - 600n,
    validityEnd: now + 3600n,
    uid: toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const signature = await signMintRequest(privateKeyToAccount(DEVNET_BADGE_SIGNER_KEY), request, {
    chainId,
    badgeNft: contracts.BadgeNFT,
  });
  return mintWithSignatureCall(contracts.BadgeNFT, request, signature);
}

/** The same account, signing as `sessionKey`. */
export const asSessionKey = (
  client: Parameters<typeof toOjoSmartAccount>[0]['client'],
  factoryAddress: Address,
  owner: Address,
  sessionKey: LocalAccount,
): Promise<OjoSmartAccount> => toOjoSmartAccount({ client, factoryAddress, owner, sessionKey });

/** JSON body of an unsigned user operation (quantities as hex; the stub signature tells a session key's path). */
export const operationBody = (operation: UserOperation<'0.8'>) => ({
  sender: operation.sender,
  nonce: toHex(operation.nonce),
  factory: operation.factory ?? null,
  factoryData: operation.factoryData ?? null,
  callData: operation.callData,
  callGasLimit: toHex(operation.callGasLimit),
  verificationGasLimit: toHex(operation.verificationGasLimit),
  preVerificationGas: toHex(operation.preVerificationGas),
  maxFeePerGas: toHex(operation.maxFeePerGas),
  maxPriorityFeePerGas: toHex(operation.maxPriorityFeePerGas),
  ...(operation.signature ? { signature: operation.signature } : {}),
});

/** A unique profile id for a test player (sponsorship needs a profile). */
export const testProfileId = () => BigInt(toHex(crypto.getRandomValues(new Uint8Array(6)))).toString();

/** The devnet pieces the helpers below need: its node, its bundler and its contracts. */
export interface SponsorshipDevnet {
  rpcUrl: string;
  bundlerUrl: string;
  contracts: Deployments['contracts'];
}

/** Deploys, paying from `funderKey`, the product account of `owner` (a fresh one by default), signing as its owner. */
export async function deployedAccount(
  devnet: SponsorshipDevnet,
  funderKey: Hex,
  owner: LocalAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<OjoSmartAccount> {
  const client = createDevnetPublicClient(devnet.rpcUrl);
  const hash = await createDevnetWalletClient(devnet.rpcUrl, funderKey).writeContract({
    address: devnet.contracts.SmartAccountFactory,
    abi: smartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner.address, 0n],
    chain: null,
  });
  await client.waitForTransactionReceipt({ hash });
  return toOjoSmartAccount({ client, factoryAddress: devnet.contracts.SmartAccountFactory, owner });
}

/**
 * The operation as a wallet prepares it (alto's estimates and price, the paymaster stub), on `nonceKey`: the web's
 * badge session key by default.
 */
export async function prepareOperation(
  devnet: SponsorshipDevnet,
  account: OjoSmartAccount,
  nonceKey = 0n,
  calls: { to: Address; data: Hex }[] = [addKeyCall(account.address, productKeyPolicy(devnet.contracts))],
): Promise<UserOperation<'0.8'>> {
  const stub = async () => getVerifyingPaymasterStubData(devnet.contracts.VerifyingPaymaster);
  const bundler = createOjoBundlerClient({
    bundlerUrl: devnet.bundlerUrl,
    client: createDevnetPublicClient(devnet.rpcUrl),
    account,
    paymaster: { getPaymasterStubData: stub, getPaymasterData: stub },
  });
  const nonce = await account.getNonce({ key: nonceKey });
  return (await bundler.prepareUserOperation({ calls, nonce })) as UserOperation<'0.8'>;
}

/** The most the paymaster could pay for `operation`: what a signature's maximum holds. */
export const maxCostOf = (operation: UserOperation<'0.8'>) =>
  (operation.callGasLimit +
    operation.verificationGasLimit +
    operation.preVerificationGas +
    PAYMASTER_VERIFICATION_GAS_LIMIT) *
  operation.maxFeePerGas;

/** What the EntryPoint charged the product's paymaster so far, read from the chain. */
export async function paymasterSpentOnChain(devnet: SponsorshipDevnet): Promise<bigint> {
  const logs = await createDevnetPublicClient(devnet.rpcUrl).getLogs({
    address: entryPoint08Address,
    event: getAbiItem({ abi: entryPoint08Abi, name: 'UserOperationEvent' }),
    args: { paymaster: devnet.contracts.VerifyingPaymaster },
    fromBlock: 0n,
    toBlock: 'latest',
    strict: true,
  });
  return logs.reduce((sum, log) => sum + log.args.actualGasCost, 0n);
}

/** Sends `operation` with the API's `paymasterData`, signed by `signer`; its receipt. */
export async function sendSponsored(
  devnet: SponsorshipDevnet,
  signer: OjoSmartAccount,
  operation: UserOperation<'0.8'>,
  paymasterData: Hex,
) {
  const bundler = createOjoBundlerClient({
    bundlerUrl: devnet.bundlerUrl,
    client: createDevnetPublicClient(devnet.rpcUrl),
    account: signer,
  });
  const sponsored = { ...operation, paymasterData };
  return bundler.waitForUserOperationReceipt({
    hash: await bundler.sendUserOperation({
      ...sponsored,
      signature: await signer.signUserOperation(sponsored),
    }),
  });
}
