import { MINT_WITH_SIGNATURE_SELECTOR } from '@ojo/contracts/badge-mint';
import type { Deployments } from '@ojo/contracts/deployments';
import { badgeNFTAbi, smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { SESSION_KEY_FEE_LIMIT_WEI, SESSION_KEY_LIFETIME_SECONDS } from '@ojo/domain/constants';
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  parseEther,
  slice,
  toFunctionSelector,
} from 'viem';
import { gasError } from './errors';

/**
 * What the API pays gas for (ARCHITECTURE.md (Accounts and sign-in)). Profiles are not among them: the API creates them itself with
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

/** How far a session key's expiry may lie beyond 24 h from our clock (the web's and the chain's clocks differ). */
export const SESSION_KEY_EXPIRY_SLACK_SECONDS = 300;

/** What an allowed operation does: the rules it matched, and the session key it adds or revokes. */
export interface SponsoredCalls {
  rule: string;
  addedKey: Address | null;
  revokedKey: Address | null;
}

type Contracts = Partial<Deployments['contracts']>;

/** The arguments of a call to the account itself, or a 403 when they do not decode. */
function accountCallArgs(data: Hex): readonly unknown[] {
  try {
    return decodeFunctionData({ abi: smartAccountAbi, data }).args ?? [];
  } catch {
    throw gasError('callNotAllowed', 'The session key call does not decode');
  }
}

/**
 * The arguments of an addSessionKey: the product's badge key only (product.md 4: BadgeNFT's signature mint, at most
 * 0.01 ETH of fees over its life, 24 h), so a sponsored key cannot be turned to anything else or made to last.
 */
function checkAddedKey(data: Hex, contracts: Contracts, nowSeconds: number): Address {
  const [key, target, selector, feeLimitWei, validUntil] = accountCallArgs(data) as readonly [
    Address,
    Address,
    Hex,
    bigint,
    number,
  ];
  const badgeNft = contracts.BadgeNFT;
  if (!badgeNft || !isAddressEqual(target, badgeNft)) {
    throw gasError('sessionKeyPolicy', 'A sponsored session key may only target the BadgeNFT contract');
  }
  if (selector.toLowerCase() !== MINT_WITH_SIGNATURE_SELECTOR.toLowerCase()) {
    throw gasError('sessionKeyPolicy', 'A sponsored session key may only call mintWithSignature');
  }
  if (feeLimitWei > SESSION_KEY_FEE_LIMIT_WEI) {
    throw gasError(
      'sessionKeyPolicy',
      `A sponsored session key may spend at most ${SESSION_KEY_FEE_LIMIT_WEI} wei of fees`,
    );
  }
  if (validUntil > nowSeconds + SESSION_KEY_LIFETIME_SECONDS + SESSION_KEY_EXPIRY_SLACK_SECONDS) {
    throw gasError('sessionKeyPolicy', 'A sponsored session key may last at most 24 hours');
  }
  return getAddress(key);
}

/** The key of a revokeSessionKey call. */
function revokedKeyOf(data: Hex): Address {
  return getAddress((accountCallArgs(data) as readonly [Address])[0]);
}

/**
 * Checks what every call of an operation does, beyond its target and selector: a session-key operation adds
 * exactly one badge key (with at most one revokeSessionKey beside it, or is that revoke alone); a badge
 * operation batches at most `maxMints` mints; the two never mix. Throws the 4xx that says why.
 */
export function checkSponsoredCalls(
  calls: readonly InnerCall[],
  sender: Address,
  contracts: Contracts,
  limits: { maxMintsPerOperation: number; nowSeconds: number },
): SponsoredCalls {
  if (calls.length === 0) throw gasError('callNotAllowed', 'The operation makes no call');
  const rules = calls.map((call) => matchRule(call, sender, contracts));
  if (rules.some((rule) => rule === null)) {
    throw gasError('callNotAllowed', 'The operation calls a target or function that is not sponsored');
  }
  const names = new Set(rules.map((rule) => rule?.rule));
  if (names.size > 1) {
    throw gasError('callNotAllowed', 'Session keys and badge mints are sponsored in separate operations');
  }
  if (names.has('badge-mint')) {
    if (calls.length > limits.maxMintsPerOperation) {
      throw gasError(
        'tooManyCalls',
        `At most ${limits.maxMintsPerOperation} mints per operation are sponsored`,
      );
    }
    return { rule: 'badge-mint', addedKey: null, revokedKey: null };
  }
  const addSelector = selectorOf(smartAccountAbi, 'addSessionKey').toLowerCase();
  const adds = calls.filter((call) => slice(call.data, 0, 4).toLowerCase() === addSelector);
  const revokes = calls.filter((call) => slice(call.data, 0, 4).toLowerCase() !== addSelector);
  if (adds.length > 1 || revokes.length > 1) {
    throw gasError(
      'tooManyCalls',
      'A sponsored operation adds one session key (and may revoke one existing key)',
    );
  }
  return {
    rule: 'session-key',
    addedKey: adds[0] ? checkAddedKey(adds[0].data, contracts, limits.nowSeconds) : null,
    revokedKey: revokes[0] ? revokedKeyOf(revokes[0].data) : null,
  };
}
