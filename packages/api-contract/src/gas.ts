import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

const hex = z
  .string()
  .max(MAX.blob)
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes');
const address = z
  .string()
  .max(MAX.address)
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');
/** A uint as a 0x hex quantity or a decimal string (JSON has no bigint). */
const quantity = z
  .union([
    z
      .string()
      .max(MAX.decimal)
      .regex(/^0x[0-9a-fA-F]{1,64}$/),
    z
      .string()
      .max(MAX.decimal)
      .regex(/^[0-9]{1,78}$/),
  ])
  .transform((value) => BigInt(value));

/**
 * Body of `POST /contract/gas/policy` (product.md 7, secure): an unsigned EntryPoint v0.8 user operation, fully estimated.
 * Its gas limits may exceed the bundler's own estimate for it by the API's stated margin at most, and its priority
 * fee the network's. Paymaster fields are ignored (the paymaster gas limits are fixed by the API and signed); of
 * `signature` only the length counts (65 bytes for the owner, the default; 85 for a session key).
 */
export const gasPolicyBody = z.object({
  sender: address,
  nonce: quantity,
  factory: address.nullish(),
  factoryData: hex.nullish(),
  callData: hex,
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymaster: address.nullish(),
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
  paymasterData: hex.nullish(),
  signature: hex.nullish(),
});
export type GasPolicyBody = z.input<typeof gasPolicyBody>;

/** The paymaster fields to put in the operation (quantities as 0x hex). */
export const policyData = z.object({
  paymaster: address,
  paymasterData: hex,
  paymasterVerificationGasLimit: z.string().max(MAX.decimal),
  paymasterPostOpGasLimit: z.string().max(MAX.decimal),
});
export const gasPolicyResult = z.object({ policy_data: policyData }).meta({ id: 'GasPolicy' });
export type GasPolicyResult = z.infer<typeof gasPolicyResult>;

/** `POST /contract/gas/policy` (secure, product.md 7). */
export const gasPolicyRoute = defineRoute({
  method: 'POST',
  path: '/contract/gas/policy',
  host: 'customer',
  secure: true,
  summary: 'Paymaster data for an allowed user operation of the session user',
  tags: ['gas'],
  body: gasPolicyBody,
  result: gasPolicyResult,
  // 409: a session key already live on the account, or a revoke of a key it does not have.
  errorStatuses: [403, 409, 503],
});
