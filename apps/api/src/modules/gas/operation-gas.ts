import type { UserOperationGasEstimate, UserOperationGasPrice } from '@ojo/contracts/user-operation';
import type { UserOperation } from 'viem/account-abstraction';
import type { GasConfig } from './config';
import { gasError } from './errors';

/** What the API asks the bundler (alto) about an operation before it sponsors it. */
export interface BundlerGas {
  /** The network's price as the bundler quotes it (`pimlico_getUserOperationGasPrice`, fast tier). */
  gasPrice(): Promise<UserOperationGasPrice>;
  /** `eth_estimateUserOperationGas` for the operation as it will be sent (paymaster stub included). */
  estimate(operation: UserOperation<'0.8'>): Promise<UserOperationGasEstimate>;
}

/** Failure of a bundler call: `refused` when the bundler answered with an error, else it was unreachable. */
export class BundlerCallError extends Error {
  constructor(
    readonly isRefusal: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'BundlerCallError';
  }
}

type GasBounds = Pick<
  GasConfig,
  | 'estimateMarginPercent'
  | 'maxFeeMultiplier'
  | 'maxCallGasLimit'
  | 'maxVerificationGasLimit'
  | 'maxPreVerificationGas'
>;

/** `value` plus `percent` percent, rounded down. */
const withMargin = (value: bigint, percent: number) => (value * BigInt(100 + percent)) / 100n;

/** `price * multiplier`, the multiplier taken to two decimals. */
const scaled = (price: bigint, multiplier: number) => (price * BigInt(Math.round(multiplier * 100))) / 100n;

/** The absolute caps: cheap, so checked before anything is asked of the bundler. */
function checkCaps(operation: UserOperation<'0.8'>, bounds: GasBounds): void {
  const caps = [
    ['callGasLimit', operation.callGasLimit, bounds.maxCallGasLimit],
    ['verificationGasLimit', operation.verificationGasLimit, bounds.maxVerificationGasLimit],
    ['preVerificationGas', operation.preVerificationGas, bounds.maxPreVerificationGas],
  ] as const;
  for (const [field, value, cap] of caps) {
    if (value > cap) throw gasError('limitExceeded', `${field} is above the sponsored cap of ${cap}`);
  }
  if (operation.maxPriorityFeePerGas > operation.maxFeePerGas) {
    throw gasError('feeTooHigh', 'maxPriorityFeePerGas may not exceed maxFeePerGas');
  }
}

/**
 * The EntryPoint charges the paymaster `gas used * min(maxFeePerGas, basefee + maxPriorityFeePerGas)` and pays it
 * to whoever submitted the bundle, so the tip may be no higher than the network asks; maxFeePerGas only caps a
 * rising base fee and may have headroom.
 */
function checkFees(operation: UserOperation<'0.8'>, network: UserOperationGasPrice, bounds: GasBounds): void {
  if (operation.maxPriorityFeePerGas > network.maxPriorityFeePerGas) {
    throw gasError(
      'feeTooHigh',
      `maxPriorityFeePerGas may be at most the network's ${network.maxPriorityFeePerGas} wei`,
    );
  }
  if (operation.maxFeePerGas > scaled(network.maxFeePerGas, bounds.maxFeeMultiplier)) {
    throw gasError(
      'feeTooHigh',
      `maxFeePerGas may be at most ${bounds.maxFeeMultiplier}x the network gas price`,
    );
  }
}

/**
 * Every gas limit at most the bundler's own estimate for this very operation plus the stated margin. The
 * paymaster pays preVerificationGas in full and 10% of unused call gas beyond 40,000 (EntryPoint v0.8), so limits
 * near the estimate keep its payment near what the operation really costs.
 */
function checkAgainstEstimate(
  operation: UserOperation<'0.8'>,
  estimate: UserOperationGasEstimate,
  marginPercent: number,
): void {
  const limits = [
    ['callGasLimit', operation.callGasLimit, estimate.callGasLimit],
    ['verificationGasLimit', operation.verificationGasLimit, estimate.verificationGasLimit],
    ['preVerificationGas', operation.preVerificationGas, estimate.preVerificationGas],
  ] as const;
  for (const [field, value, estimated] of limits) {
    const allowed = withMargin(estimated, marginPercent);
    if (value > allowed) {
      throw gasError(
        'limitExceeded',
        `${field} ${value} is more than the operation needs (the bundler estimates ${estimated}; at most ${allowed})`,
      );
    }
  }
}

/** What the bundler said about an allowed operation: the network's price and its gas estimate. */
export interface CheckedGas {
  network: UserOperationGasPrice;
  estimate: UserOperationGasEstimate;
}

/**
 * Checks that `operation` (complete, with the paymaster stub the wallet estimated with) asks the paymaster for no
 * more than it needs: limits under the caps and near the bundler's estimate, fees at the network's price.
 */
export async function checkOperationGas(
  bundler: BundlerGas,
  operation: UserOperation<'0.8'>,
  bounds: GasBounds,
): Promise<CheckedGas> {
  checkCaps(operation, bounds);
  let network: UserOperationGasPrice;
  try {
    network = await bundler.gasPrice();
  } catch {
    throw gasError('priceUnavailable', 'The network gas price is unavailable');
  }
  checkFees(operation, network, bounds);
  let estimate: UserOperationGasEstimate;
  try {
    estimate = await bundler.estimate(operation);
  } catch (error) {
    if (error instanceof BundlerCallError && error.isRefusal) {
      throw gasError('estimateFailed', `The bundler cannot run this operation: ${error.message}`);
    }
    throw gasError('bundlerUnavailable', 'The bundler is not reachable');
  }
  checkAgainstEstimate(operation, estimate, bounds.estimateMarginPercent);
  return { network, estimate };
}

/**
 * What a pending signature reserves of the budgets: the bundler's estimate plus the margin, with the paymaster's
 * own limits, at the network's price (not the signed maxFeePerGas, which may carry headroom up to
 * GAS_MAX_FEE_MULTIPLIER), never more than `maxCostWei`. The real cost (actualGasCost) replaces it once the
 * operation runs; until then a base fee rising above the quote within the signature's short life is the only way
 * the budget can be passed.
 */
export function reservedCost(
  operation: UserOperation<'0.8'>,
  checked: CheckedGas,
  paymasterGas: bigint,
  marginPercent: number,
  maxCostWei: bigint,
): bigint {
  const { estimate, network } = checked;
  const gas =
    withMargin(
      estimate.callGasLimit + estimate.verificationGasLimit + estimate.preVerificationGas,
      marginPercent,
    ) + paymasterGas;
  const price = operation.maxFeePerGas < network.maxFeePerGas ? operation.maxFeePerGas : network.maxFeePerGas;
  const reserved = gas * price;
  return reserved < maxCostWei ? reserved : maxCostWei;
}
