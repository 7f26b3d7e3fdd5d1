import {
  type Address,
  concat,
  encodeAbiParameters,
  type Hex,
  keccak256,
  type LocalAccount,
  numberToHex,
  slice,
} from 'viem';
import {
  type GetPaymasterDataParameters,
  type GetPaymasterDataReturnType,
  type GetPaymasterStubDataParameters,
  type GetPaymasterStubDataReturnType,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction';
import { STUB_ECDSA_SIGNATURE } from './smart-account';

/**
 * Fixed paymaster gas limits. They are part of the data the paymaster signer signs (and of the user operation
 * hash), so they are set by the stub and never re-estimated: estimation would change them after signing.
 * Validation costs about 35k gas; postOp is never called (the paymaster returns no context).
 */
export const PAYMASTER_VERIFICATION_GAS_LIMIT = 60_000n;
export const PAYMASTER_POST_OP_GAS_LIMIT = 0n;

/** The user operation fields the paymaster signature covers (everything but the signatures). */
export type SponsoredUserOperation = Pick<
  UserOperation<'0.8'>,
  | 'sender'
  | 'nonce'
  | 'factory'
  | 'factoryData'
  | 'callData'
  | 'callGasLimit'
  | 'verificationGasLimit'
  | 'preVerificationGas'
  | 'maxFeePerGas'
  | 'maxPriorityFeePerGas'
  | 'paymasterVerificationGasLimit'
  | 'paymasterPostOpGasLimit'
>;

export interface PaymasterValidity {
  /** Last unix second the sponsorship is valid (0 = no end). */
  validUntil: number;
  /** First unix second the sponsorship is valid. */
  validAfter: number;
}

/** paymasterData = validUntil (6 bytes) | validAfter (6 bytes) | signature (65 bytes). */
export function encodeVerifyingPaymasterData({
  validUntil,
  validAfter,
  signature,
}: PaymasterValidity & { signature: Hex }) {
  return concat([numberToHex(validUntil, { size: 6 }), numberToHex(validAfter, { size: 6 }), signature]);
}

/** Mirrors VerifyingPaymaster.getHash: what the paymaster signer signs (as an EIP-191 message). */
export function getVerifyingPaymasterHash(
  parameters: {
    userOperation: SponsoredUserOperation;
    paymasterAddress: Address;
    chainId: number;
  } & PaymasterValidity,
): Hex {
  const { userOperation, paymasterAddress, chainId, validUntil, validAfter } = parameters;
  const packed = toPackedUserOperation({
    ...userOperation,
    paymaster: paymasterAddress,
    paymasterVerificationGasLimit:
      userOperation.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: userOperation.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS_LIMIT,
    paymasterData: '0x',
    signature: '0x',
  } as UserOperation<'0.8'>);
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        packed.sender,
        packed.nonce,
        keccak256(packed.initCode),
        keccak256(packed.callData),
        packed.accountGasLimits,
        slice(packed.paymasterAndData, 20, 52),
        packed.preVerificationGas,
        packed.gasFees,
        BigInt(chainId),
        paymasterAddress,
        validUntil,
        validAfter,
      ],
    ),
  );
}

/** Signs a sponsorship with the paymaster signer's key and returns the paymasterData to put in the operation. */
export async function signVerifyingPaymasterData(
  parameters: {
    signer: LocalAccount;
    userOperation: SponsoredUserOperation;
    paymasterAddress: Address;
    chainId: number;
  } & PaymasterValidity,
): Promise<Hex> {
  const hash = getVerifyingPaymasterHash(parameters);
  const signature = await parameters.signer.signMessage({ message: { raw: hash } });
  return encodeVerifyingPaymasterData({ ...parameters, signature });
}

/** Paymaster fields for gas estimation: the fixed gas limits and a well-formed placeholder signature. */
export function getVerifyingPaymasterStubData(paymasterAddress: Address) {
  return {
    paymaster: paymasterAddress,
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT,
    paymasterData: encodeVerifyingPaymasterData({
      validUntil: 0,
      validAfter: 0,
      signature: STUB_ECDSA_SIGNATURE,
    }),
  };
}

/** Fetches the signed paymasterData for a fully estimated operation (from the API, or a local signer). */
export type GetSponsorship = (userOperation: SponsoredUserOperation & { chainId: number }) => Promise<Hex>;

/** Narrows viem's paymaster request (optional fields) to an estimated operation, failing loudly otherwise. */
function toSponsoredUserOperation(parameters: GetPaymasterDataParameters): SponsoredUserOperation {
  const missing = (
    [
      'callGasLimit',
      'verificationGasLimit',
      'preVerificationGas',
      'maxFeePerGas',
      'maxPriorityFeePerGas',
    ] as const
  ).filter((field) => typeof parameters[field] !== 'bigint');
  if (missing.length > 0 || parameters.initCode) {
    throw new Error(
      `Cannot sponsor an incomplete EntryPoint v0.8 operation (missing: ${missing.join(', ') || 'initCode form'})`,
    );
  }
  return {
    sender: parameters.sender,
    nonce: parameters.nonce,
    factory: parameters.factory,
    factoryData: parameters.factoryData,
    callData: parameters.callData,
    callGasLimit: parameters.callGasLimit!,
    verificationGasLimit: parameters.verificationGasLimit!,
    preVerificationGas: parameters.preVerificationGas!,
    maxFeePerGas: parameters.maxFeePerGas!,
    maxPriorityFeePerGas: parameters.maxPriorityFeePerGas!,
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT,
  };
}

/**
 * The `paymaster` option of viem's bundler client for the VerifyingPaymaster: the stub fixes the paymaster gas
 * limits before estimation, then `getSponsorship` signs the estimated operation.
 */
export function createVerifyingPaymaster(parameters: {
  paymasterAddress: Address;
  getSponsorship: GetSponsorship;
}) {
  const { paymasterAddress, getSponsorship } = parameters;
  return {
    async getPaymasterStubData(_: GetPaymasterStubDataParameters): Promise<GetPaymasterStubDataReturnType> {
      return getVerifyingPaymasterStubData(paymasterAddress);
    },
    async getPaymasterData(request: GetPaymasterDataParameters): Promise<GetPaymasterDataReturnType> {
      const paymasterData = await getSponsorship({
        ...toSponsoredUserOperation(request),
        chainId: request.chainId,
      });
      return { ...getVerifyingPaymasterStubData(paymasterAddress), paymasterData };
    },
  };
}

/** A sponsorship signed in-process with `signer` (the API's key), valid for `validForSeconds` from now. */
export function createLocalSponsorship(parameters: {
  signer: LocalAccount;
  paymasterAddress: Address;
  validForSeconds?: number;
}): GetSponsorship {
  return async ({ chainId, ...userOperation }) => {
    const now = Math.floor(Date.now() / 1000);
    return signVerifyingPaymasterData({
      signer: parameters.signer,
      userOperation,
      paymasterAddress: parameters.paymasterAddress,
      chainId,
      validAfter: 0,
      validUntil: now + (parameters.validForSeconds ?? 600),
    });
  };
}
