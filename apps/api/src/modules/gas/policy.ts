import type { Deployments } from '@ojo/contracts/deployments';
import { badgeNFTAbi, smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import {
  type Address,
  decodeFunctionData,
  type Hex,
  isAddressEqual,
  parseEther,
  slice,
  toFunctionSelector,
} from 'viem';

/**
 * What the API pays gas for (DESIGN.md section 6). Profiles are not among them: the API creates them itself with
 * createProfileFor from its registrar key after the handle rule and reserved-list checks, which a sponsored
 * createProfile(handle) would bypass. Each rule names a target (a deployed contract by name, or the
 * sending account itself) and the functions it may call. Badge claims (the badge session key's only call, one or a
 * batch per operation) are sponsored: the mint itself checks the badge signer's request.
 */
export interface SponsorRule {
  rule: string;
  target: keyof Deployments['contracts'] | 'self';
  selectors: readonly Hex[];
}

const selectorOf = (abi: readonly unknown[], name: string): Hex => {
  const item = (abi as { type: string; name?: string }[]).find(
    (entry) => entry.type === 'function' && entry.name === name,
  );
  if (!item) throw new Error(`no function ${name} in the ABI`);
  return toFunctionSelector(item as Parameters<typeof toFunctionSelector>[0]);
};

export const SPONSOR_RULES: readonly SponsorRule[] = [
  {
    rule: 'session-key',
    target: 'self',
    selectors: [
      selectorOf(smartAccountAbi, 'addSessionKey'),
      selectorOf(smartAccountAbi, 'revokeSessionKey'),
    ],
  },
  {
    rule: 'badge-mint',
    target: 'BadgeNFT',
    selectors: [selectorOf(badgeNFTAbi, 'mintWithSignature')],
  },
];

/** Upper bound of what one sponsored operation may cost (all gas limits at maxFeePerGas). */
export const MAX_SPONSORED_COST_WEI = parseEther('0.05');

export interface InnerCall {
  target: Address;
  value: bigint;
  data: Hex;
}

/** The calls a SmartAccount callData makes (`execute` or `executeBatch`), or null for anything else. */
export function decodeAccountCalls(callData: Hex): InnerCall[] | null {
  let decoded: ReturnType<typeof decodeFunctionData<typeof smartAccountAbi>>;
  try {
    decoded = decodeFunctionData({ abi: smartAccountAbi, data: callData });
  } catch {
    return null;
  }
  if (decoded.functionName === 'execute') {
    const [target, value, data] = decoded.args as readonly [Address, bigint, Hex];
    return [{ target, value, data }];
  }
  if (decoded.functionName === 'executeBatch') {
    const [calls] = decoded.args as readonly [readonly { target: Address; value: bigint; data: Hex }[]];
    return calls.map((call) => ({ target: call.target, value: call.value, data: call.data }));
  }
  return null;
}

/** The rule that allows `call` from `sender`, or null. Value transfers are never sponsored. */
export function matchRule(
  call: InnerCall,
  sender: Address,
  contracts: Partial<Deployments['contracts']>,
  rules: readonly SponsorRule[] = SPONSOR_RULES,
): SponsorRule | null {
  if (call.value !== 0n || call.data.length < 10) return null;
  const selector = slice(call.data, 0, 4).toLowerCase();
  for (const rule of rules) {
    const target = rule.target === 'self' ? sender : contracts[rule.target];
    if (!target || !isAddressEqual(call.target, target)) continue;
    if (rule.selectors.some((allowed) => allowed.toLowerCase() === selector)) return rule;
  }
  return null;
}

/** The (owner, salt) of a factory's `createAccount` initCode, or null. */
export function decodeCreateAccount(factoryData: Hex): { owner: Address; salt: bigint } | null {
  try {
    const decoded = decodeFunctionData({ abi: smartAccountFactoryAbi, data: factoryData });
    if (decoded.functionName !== 'createAccount') return null;
    const [owner, salt] = decoded.args as readonly [Address, bigint];
    return { owner, salt };
  } catch {
    return null;
  }
}
