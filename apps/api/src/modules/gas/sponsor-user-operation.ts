import type { GasPolicyResult } from '@ojo/api-contract/gas';
import { smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import {
  getVerifyingPaymasterStubData,
  PAYMASTER_POST_OP_GAS_LIMIT,
  PAYMASTER_VERIFICATION_GAS_LIMIT,
  signVerifyingPaymasterData,
} from '@ojo/contracts/paymaster';
import { encodeSessionKeySignature, STUB_ECDSA_SIGNATURE } from '@ojo/contracts/smart-account';
import { getUserOperationHashV08 } from '@ojo/contracts/user-operation';
import type { Database } from '@ojo/db/client';
import type { User } from '@ojo/db/schema/users';
import { type Address, getAddress, type Hex, isAddressEqual, size, slice, toHex, zeroAddress } from 'viem';
import type { UserOperation } from 'viem/account-abstraction';
import type { ChainService } from '../chain/chain-service';
import type { GasConfig } from './config';
import { gasError, isGasError } from './errors';
import { type BundlerGas, checkOperationGas, reservedCost } from './operation-gas';
import {
  checkSponsoredCalls,
  decodeAccountCalls,
  decodeCreateAccount,
  MAX_SPONSORED_COST_WEI,
  type SponsoredCalls,
} from './policy';
import { createProductAccountChecker, type ProductAccountChecker } from './product-account';
import { reserveSponsorship, type SessionKeyCheck } from './reserve-sponsorship';
import { checkNoLiveKey, checkRevokedKey } from './session-keys';

export interface UnsignedUserOperation {
  sender: string;
  nonce: bigint;
  factory?: string | null | undefined;
  factoryData?: string | null | undefined;
  callData: string;
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /**
   * Only its length and, for a session key's (85 bytes), the key's address (its first 20 bytes) are used: the
   * estimate must walk the key's own validation path (its policy and spending), not a missing key's shorter one.
   */
  signature?: string | null | undefined;
}

export interface SponsorshipDependencies {
  bundler: BundlerGas;
  /** Reads the paymaster's real costs from the chain now (refusals are decided on fresh data). */
  recordCosts: () => Promise<unknown>;
}

/** One product-account checker per chain service and factory (its cache of known accounts lives inside). */
const accountCheckers = new WeakMap<ChainService, Map<string, ProductAccountChecker>>();

function productAccountChecker(chain: ChainService, factory: Address): ProductAccountChecker {
  let byFactory = accountCheckers.get(chain);
  if (!byFactory) {
    byFactory = new Map();
    accountCheckers.set(chain, byFactory);
  }
  const key = factory.toLowerCase();
  let checker = byFactory.get(key);
  if (!checker) {
    checker = createProductAccountChecker(chain.publicClient, factory);
    byFactory.set(key, checker);
  }
  return checker;
}

/** What the operation's calls do, when the policy allows every one of them with its arguments; else a 4xx. */
function allowedCalls(
  operation: UnsignedUserOperation,
  sender: Address,
  chain: ChainService,
  config: GasConfig,
): SponsoredCalls {
  const calls = decodeAccountCalls(operation.callData as Hex);
  if (!calls || calls.length === 0) {
    throw gasError('callNotAllowed', 'The operation is not an execute call of the account');
  }
  return checkSponsoredCalls(calls, sender, chain.deployments()?.contracts ?? {}, {
    maxMintsPerOperation: config.maxMintsPerOperation,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
}

/** One live key per account, for an operation that adds one (checked under the user's reservation lock). */
function liveKeyCheck(
  chain: ChainService,
  sender: Address,
  calls: SponsoredCalls,
): SessionKeyCheck | undefined {
  if (!calls.addedKey) return undefined;
  return (recorded) => checkNoLiveKey(chain.publicClient, sender, calls, recorded);
}

/** The sender is the product's own account: deployed by our factory, or created by this operation's initCode. */
async function checkSenderAccount(operation: UnsignedUserOperation, sender: Address, chain: ChainService) {
  const expectedFactory = chain.contractAddress('SmartAccountFactory');
  const factory = operation.factory ?? undefined;
  if (!factory) {
    // Login accepts any address that can sign (an EOA, any ERC-1271 contract), so being the user's osp_aa
    // proves nothing about what `execute` does: only the product's own deployed SmartAccount is sponsored.
    if (!(await productAccountChecker(chain, expectedFactory).isProductAccount(sender))) {
      throw gasError('senderNotProductAccount', 'Only deployed product smart accounts are sponsored');
    }
    return;
  }
  const args = operation.factoryData ? decodeCreateAccount(operation.factoryData as Hex) : null;
  if (!isAddressEqual(factory as Address, expectedFactory) || !args) {
    throw gasError('factoryNotAllowed', 'Only the product account factory is sponsored');
  }
  const predicted = await chain.publicClient.readContract({
    address: expectedFactory,
    abi: smartAccountFactoryAbi,
    functionName: 'getAddress',
    args: [args.owner, args.salt],
  });
  if (!isAddressEqual(predicted, sender)) {
    throw gasError('factoryNotAllowed', 'The initCode does not create the sender');
  }
}

/** The operation as it will be sent, with the paymaster's fixed gas limits and placeholder signatures. */
function withPaymasterStub(
  operation: UnsignedUserOperation,
  sender: Address,
  paymaster: Address,
): UserOperation<'0.8'> {
  const signatureSize = operation.signature ? size(operation.signature as Hex) : 65;
  return {
    sender,
    nonce: operation.nonce,
    ...(operation.factory
      ? { factory: getAddress(operation.factory), factoryData: (operation.factoryData ?? '0x') as Hex }
      : {}),
    callData: operation.callData as Hex,
    callGasLimit: operation.callGasLimit,
    verificationGasLimit: operation.verificationGasLimit,
    preVerificationGas: operation.preVerificationGas,
    maxFeePerGas: operation.maxFeePerGas,
    maxPriorityFeePerGas: operation.maxPriorityFeePerGas,
    ...getVerifyingPaymasterStubData(paymaster),
    signature:
      signatureSize === 85
        ? encodeSessionKeySignature(
            operation.signature ? getAddress(slice(operation.signature as Hex, 0, 20)) : zeroAddress,
            STUB_ECDSA_SIGNATURE,
          )
        : STUB_ECDSA_SIGNATURE,
  };
}

/**
 * `POST /contract/gas/policy`: signs the VerifyingPaymaster data for `operation` when the session's user has a
 * profile and sends it from its own smart account, every call it makes is allowed by the policy with its
 * arguments, it asks for no more gas than the bundler estimates it needs at no more than the network's price, and
 * the user's allowance, the account's and the client address's shares and the global budget have room. Anything
 * else is a 4xx with a code saying why.
 */
export async function sponsorUserOperation(
  db: Database,
  chain: ChainService,
  config: GasConfig,
  dependencies: SponsorshipDependencies,
  user: User,
  operation: UnsignedUserOperation,
  clientAddress: string | null,
): Promise<GasPolicyResult> {
  if (!user.smartAccountAddress) {
    throw gasError('noSmartAccount', 'The user has no smart account');
  }
  // A profile costs the API its registrar's gas, not the player's: nothing sponsored before one exists.
  if (!user.profileId) throw gasError('profileRequired', 'Create a profile first');
  const sender = getAddress(operation.sender);
  if (!isAddressEqual(sender, user.smartAccountAddress as Address)) {
    throw gasError('senderNotAllowed', "Only the user's own smart account is sponsored");
  }
  const paymaster = chain.contractAddress('VerifyingPaymaster');
  const calls = allowedCalls(operation, sender, chain, config);
  await checkSenderAccount(operation, sender, chain);
  if (calls.revokedKey) await checkRevokedKey(chain.publicClient, sender, calls.revokedKey);

  const stubbed = withPaymasterStub(operation, sender, paymaster);
  const checked = await checkOperationGas(dependencies.bundler, stubbed, config);
  const paymasterGas = PAYMASTER_VERIFICATION_GAS_LIMIT + PAYMASTER_POST_OP_GAS_LIMIT;
  const totalGas =
    operation.callGasLimit + operation.verificationGasLimit + operation.preVerificationGas + paymasterGas;
  const maxCostWei = totalGas * operation.maxFeePerGas;
  if (maxCostWei > MAX_SPONSORED_COST_WEI) {
    throw gasError('limitExceeded', 'The operation may cost more than the sponsorship allows');
  }

  const validUntil = Math.floor(Date.now() / 1000) + config.sponsorshipValidSeconds;
  const sponsored = {
    ...stubbed,
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT,
  };
  const paymasterData = await signVerifyingPaymasterData({
    signer: chain.signer,
    paymasterAddress: paymaster,
    chainId: chain.chainId,
    validAfter: 0,
    validUntil,
    userOperation: sponsored,
  });
  const reservation = {
    userId: user.id,
    sender,
    nonce: operation.nonce,
    rule: calls.rule,
    maxCostWei,
    reservedWei: reservedCost(stubbed, checked, paymasterGas, config.estimateMarginPercent, maxCostWei),
    clientAddress,
    sessionKey: calls.addedKey,
    validUntil: new Date(validUntil * 1000),
    userOpHash: getUserOperationHashV08({ ...sponsored, paymasterData }, chain.chainId),
    chainId: chain.chainId,
    paymaster,
  };
  const checkKeys = liveKeyCheck(chain, sender, calls);
  try {
    await reserveSponsorship(db, reservation, config, checkKeys);
  } catch (error) {
    const retried = ['dailyLimit', 'tooManyPending', 'dailyBudget', 'accountBudget', 'clientBudget'] as const;
    if (!isGasError(error, ...retried, 'sessionKeyActive')) throw error;
    // The refusal may rest on reservations that have since run or expired: read the chain, then decide again.
    await dependencies.recordCosts().catch(() => undefined);
    await reserveSponsorship(db, reservation, config, checkKeys);
  }
  return {
    policy_data: {
      paymaster,
      paymasterData,
      paymasterVerificationGasLimit: toHex(PAYMASTER_VERIFICATION_GAS_LIMIT),
      paymasterPostOpGasLimit: toHex(PAYMASTER_POST_OP_GAS_LIMIT),
    },
  };
}
