import { estimateUserOperationGasV08, getUserOperationGasPrice } from '@ojo/contracts/user-operation';
import { BaseError, createClient, http, RpcRequestError } from 'viem';
import { BundlerCallError, type BundlerGas } from './operation-gas';

/** The bundler's gas answers over JSON-RPC at `bundlerUrl` (alto locally). */
export function createBundlerGas(bundlerUrl: string): BundlerGas {
  const bundler = createClient({ transport: http(bundlerUrl, { timeout: 10_000, retryCount: 0 }) });
  return {
    gasPrice: () => getUserOperationGasPrice(bundler, 'fast'),
    async estimate(operation) {
      try {
        return await estimateUserOperationGasV08(bundler, operation);
      } catch (error) {
        const refusal =
          error instanceof BaseError ? error.walk((cause) => cause instanceof RpcRequestError) : null;
        if (refusal instanceof RpcRequestError) {
          // The bundler's own words (e.g. "AA25 invalid account nonce"), never our internals.
          throw new BundlerCallError(true, refusal.details || refusal.shortMessage);
        }
        throw new BundlerCallError(false, 'unreachable');
      }
    },
  };
}
