import {
  type Address,
  concat,
  domainSeparator,
  type Hex,
  hashStruct,
  numberToHex,
  type SignableMessage,
  size,
  stringToHex,
  type TypedData,
  type TypedDataDefinition,
  type TypedDataDomain,
  toPrefixedMessage,
  zeroHash,
} from 'viem';

/**
 * ERC-7739 signatures of SmartAccount.sol: the owner never signs an app's hash as such, only nested in typed data
 * bound to the account's own EIP-712 domain, so a signature for one account is worthless for any other account
 * of the same owner. The domain's name and version are the contract's (EIP712("SmartAccount", "1")).
 */
export const SMART_ACCOUNT_DOMAIN_NAME = 'SmartAccount';
export const SMART_ACCOUNT_DOMAIN_VERSION = '1';

export interface SmartAccountDomain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: Address;
}

/** The EIP-712 domain of the account at `account` (ERC-5267 `eip712Domain()`, salt 0). */
export function smartAccountDomain(account: Address, chainId: number): SmartAccountDomain {
  return {
    name: SMART_ACCOUNT_DOMAIN_NAME,
    version: SMART_ACCOUNT_DOMAIN_VERSION,
    chainId,
    verifyingContract: account,
  };
}

/**
 * What the owner signs for a `personal_sign` of `message`: PersonalSign(bytes prefixed) in the account's domain.
 * The account checks it against the EIP-191 hash of the message (what viem's verifyMessage and SIWE pass).
 */
export function personalSignTypedData(account: Address, chainId: number, message: SignableMessage) {
  return {
    domain: smartAccountDomain(account, chainId),
    types: { PersonalSign: [{ name: 'prefixed', type: 'bytes' }] },
    primaryType: 'PersonalSign',
    message: { prefixed: toPrefixedMessage(message) },
  } as const;
}

type AnyTypedData = TypedDataDefinition<TypedData | Record<string, unknown>, string>;

/** The app's types without EIP712Domain (derived from the domain by every EIP-712 hasher). */
function contentTypes(typedData: AnyTypedData): Record<string, readonly { name: string; type: string }[]> {
  const { EIP712Domain: _domain, ...types } = typedData.types as Record<
    string,
    readonly { name: string; type: string }[]
  >;
  return types;
}

/**
 * What the owner signs for `eth_signTypedData_v4` of `typedData`: the app's domain around
 * TypedDataSign(contents, the account's domain fields).
 */
export function typedDataSignTypedData(account: Address, chainId: number, typedData: AnyTypedData) {
  const domain = smartAccountDomain(account, chainId);
  return {
    domain: typedData.domain as TypedDataDomain | undefined,
    types: {
      ...contentTypes(typedData),
      TypedDataSign: [
        { name: 'contents', type: typedData.primaryType },
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
        { name: 'salt', type: 'bytes32' },
      ],
    },
    primaryType: 'TypedDataSign',
    message: {
      contents: typedData.message as Record<string, unknown>,
      ...domain,
      chainId: BigInt(chainId),
      salt: zeroHash,
    },
  } as const;
}

/**
 * The struct types `primaryType` refers to (itself included), sorted by name and encoded as EIP-712 does after
 * the primary type of TypedDataSign: the `contentsType` of ERC-7739.
 */
export function encodeContentsType(
  types: Record<string, readonly { name: string; type: string }[]>,
  primaryType: string,
): string {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name) || !types[name]) return;
    found.add(name);
    for (const field of types[name]) visit(field.type.replace(/(\[\d*\])+$/, ''));
  };
  visit(primaryType);
  return [...found]
    .sort()
    .map((name) => `${name}(${(types[name] ?? []).map((field) => `${field.type} ${field.name}`).join(',')})`)
    .join('');
}

/**
 * The EIP-1271 signature of typed data: `signature ‖ appDomainSeparator ‖ contentsHash ‖ contentsDescr ‖
 * uint16(contentsDescr.length)`. The descriptor is implicit (the contents type) when the primary type sorts
 * first, else explicit (contents type followed by the primary type's name), as ERC-7739 defines.
 */
export function wrapTypedDataSignature(signature: Hex, typedData: AnyTypedData): Hex {
  const types = contentTypes(typedData);
  const contentsType = encodeContentsType(types, typedData.primaryType);
  const descriptor = contentsType.startsWith(`${typedData.primaryType}(`)
    ? contentsType
    : `${contentsType}${typedData.primaryType}`;
  const descriptorHex = stringToHex(descriptor);
  return concat([
    signature,
    domainSeparator({ domain: (typedData.domain ?? {}) as TypedDataDomain }),
    hashStruct({
      data: typedData.message as Record<string, unknown>,
      primaryType: typedData.primaryType,
      types: types as TypedData,
    }),
    descriptorHex,
    numberToHex(size(descriptorHex), { size: 2 }),
  ]);
}
