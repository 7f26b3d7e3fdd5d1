import { type Address, encodeFunctionData, type Hex } from 'viem';
import { smartAccountAbi } from '../generated/abis';

/** A session key's on-chain policy (product.md 4): one target, one selector, lifetime fee limit, expiry. */
export interface SessionKeyPolicy {
  key: Address;
  target: Address;
  selector: Hex;
  feeLimitWei: bigint;
  /** Unix seconds. */
  validUntil: number;
}

/** The call (to the account itself, signed by the owner) that registers a session key. */
export function addSessionKeyCall(account: Address, policy: SessionKeyPolicy) {
  return {
    to: account,
    value: 0n,
    data: encodeFunctionData({
      abi: smartAccountAbi,
      functionName: 'addSessionKey',
      args: [policy.key, policy.target, policy.selector, policy.feeLimitWei, policy.validUntil],
    }),
  };
}

/** The call (to the account itself, signed by the owner) that closes a session key. */
export function revokeSessionKeyCall(account: Address, key: Address) {
  return {
    to: account,
    value: 0n,
    data: encodeFunctionData({ abi: smartAccountAbi, functionName: 'revokeSessionKey', args: [key] }),
  };
}
