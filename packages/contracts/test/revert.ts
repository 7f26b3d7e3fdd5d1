import { BaseError, ContractFunctionRevertedError } from 'viem';
import { expect } from 'vitest';

/** Awaits `action` and asserts it reverted with the custom error `errorName`. */
export async function expectRevert(action: Promise<unknown>, errorName: string): Promise<void> {
  const error = await action.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a revert with ${errorName}`).toBeInstanceOf(BaseError);
  const reverted = (error as BaseError).walk((cause) => cause instanceof ContractFunctionRevertedError);
  expect(reverted, `expected a contract revert, got: ${String(error)}`).toBeInstanceOf(
    ContractFunctionRevertedError,
  );
  expect((reverted as ContractFunctionRevertedError).data?.errorName).toBe(errorName);
}
