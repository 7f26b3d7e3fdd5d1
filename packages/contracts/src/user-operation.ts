import { type Chain, type Client, type Hex, http, type Transport } from 'viem';
import {
  type BundlerClient,
  createBundlerClient,
  entryPoint08Address,
  formatUserOperationGas,
  formatUserOperationRequest,
  getUserOperationHash,
  type SmartAccount,
  type UserOperation,
  type UserOperationReceipt,
} from 'viem/account-abstraction';

export interface UserOperationGasPrice {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

type GasPriceTier = 'slow' | 'standard' | 'fast';

/** Fees the bundler will accept, from alto's `pimlico_getUserOperationGasPrice`. */
export async function getUserOperationGasPrice(
  bundler: Pick<Client, 'request'>,
  tier: GasPriceTier = 'standard',
): Promise<UserOperationGasPrice> {
  const prices = (await bundler.request({ method: 'pimlico_getUserOperationGasPrice' } as never)) as Record<
    GasPriceTier,
    { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex }
  >;
  const price = prices[tier];
  return {
    maxFeePerGas: BigInt(price.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(price.maxPriorityFeePerGas),
  };
}

export interface UserOperationGasEstimate {
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  paymasterVerificationGasLimit?: bigint | undefined;
  paymasterPostOpGasLimit?: bigint | undefined;
}

/**
 * The bundler's `eth_estimateUserOperationGas` for a complete EntryPoint v0.8 operation (stub signatures are
 * fine: the account and the paymaster report a failed signature instead of reverting). Throws the bundler's
 * JSON-RPC error when it cannot run the operation.
 */
export async function estimateUserOperationGasV08(
  bundler: Pick<Client, 'request'>,
  userOperation: UserOperation<'0.8'>,
): Promise<UserOperationGasEstimate> {
  const estimate = await bundler.request({
    method: 'eth_estimateUserOperationGas',
    params: [formatUserOperationRequest(userOperation), entryPoint08Address],
  } as never);
  return formatUserOperationGas(estimate as never) as UserOperationGasEstimate;
}

export interface OjoBundlerClientParameters<account extends SmartAccount | undefined> {
  bundlerUrl: string;
  /** A public client of the chain (reads nonces, code, chain id). */
  client: Client;
  account?: account;
  /** E.g. createVerifyingPaymaster(...) from ./paymaster. */
  paymaster?: Parameters<typeof createBundlerClient>[0]['paymaster'];
  pollingIntervalMs?: number;
}

/** A viem bundler client for alto with fees from pimlico_getUserOperationGasPrice. */
export function createOjoBundlerClient<account extends SmartAccount | undefined = undefined>(
  parameters: OjoBundlerClientParameters<account>,
) {
  return createBundlerClient({
    account: parameters.account,
    client: parameters.client,
    chain: parameters.client.chain,
    transport: http(parameters.bundlerUrl),
    paymaster: parameters.paymaster,
    pollingInterval: parameters.pollingIntervalMs ?? 200,
    userOperation: {
      estimateFeesPerGas: async ({ bundlerClient }) => getUserOperationGasPrice(bundlerClient),
    },
  });
}

/** The EntryPoint v0.8 user operation hash (EIP-712), as the account and the bundler compute it. */
export function getUserOperationHashV08(userOperation: UserOperation<'0.8'>, chainId: number): Hex {
  return getUserOperationHash({
    chainId,
    entryPointAddress: entryPoint08Address,
    entryPointVersion: '0.8',
    userOperation,
  });
}

export class UserOperationFailedError extends Error {
  constructor(readonly receipt: UserOperationReceipt) {
    super(`User operation ${receipt.userOpHash} reverted: ${receipt.reason ?? 'no reason'}`);
    this.name = 'UserOperationFailedError';
  }
}

/** Sends a user operation through the bundler and waits until it is mined; throws when its call reverted. */
export async function sendUserOperationAndWait(
  bundlerClient: BundlerClient<Transport, Chain | undefined, SmartAccount>,
  parameters: Parameters<BundlerClient<Transport, Chain | undefined, SmartAccount>['sendUserOperation']>[0],
  options: { timeoutMs?: number } = {},
): Promise<UserOperationReceipt> {
  const hash = await bundlerClient.sendUserOperation(parameters);
  const receipt = await bundlerClient.waitForUserOperationReceipt({
    hash,
    timeout: options.timeoutMs ?? 30_000,
  });
  if (!receipt.success) throw new UserOperationFailedError(receipt);
  return receipt;
}
