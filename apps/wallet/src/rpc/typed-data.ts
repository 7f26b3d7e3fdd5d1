import { WALLET_RPC_ERROR as RPC_ERROR } from '@ojo/domain/wallet/popup-protocol';
import { type Address, getAddress, type Hex, isAddress, isAddressEqual, isHex } from 'viem';
import {
  entryPoint06Address,
  entryPoint07Address,
  entryPoint08Address,
  entryPoint09Address,
} from 'viem/account-abstraction';
import { WalletRpcError } from '../protocol/messages';

/** The EIP-712 domain as the sign prompt shows it: who may use the signature, on which chain. */
export interface TypedDataDomainView {
  name?: string;
  version?: string;
  chainId?: number;
  verifyingContract?: Address;
  salt?: Hex;
}

/** One field of the message: a value, or the fields of a struct or the items of an array. */
export type TypedDataField =
  | { name: string; type: string; value: string }
  | { name: string; type: string; fields: TypedDataField[] };

type Types = Record<string, readonly { name: string; type: string }[]>;

/** Every EntryPoint viem knows: typed data for them (e.g. a PackedUserOperation) authorises a user operation. */
const ENTRY_POINTS: readonly Address[] = [
  entryPoint06Address,
  entryPoint07Address,
  entryPoint08Address,
  entryPoint09Address,
];

const invalid = (message: string) => new WalletRpcError(RPC_ERROR.invalidParams, message);

function parseChainId(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  try {
    const chainId = BigInt(value as string | number);
    if (chainId < 0n || chainId > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('range');
    return Number(chainId);
  } catch {
    throw invalid('Invalid typed data: domain.chainId is not a chain id');
  }
}

/**
 * Reads the typed data's domain and refuses what this wallet never signs: typed data for an EntryPoint or for one
 * of this wallet's own accounts (it would authorise that account's operations), or for another chain.
 */
export function checkTypedDataDomain(
  domain: Record<string, unknown> | undefined,
  context: { chainId: number; ownAccounts: readonly Address[] },
): TypedDataDomainView {
  const raw = domain ?? {};
  const view: TypedDataDomainView = {};
  if (raw.name !== undefined) view.name = String(raw.name);
  if (raw.version !== undefined) view.version = String(raw.version);
  const chainId = parseChainId(raw.chainId);
  if (chainId !== undefined) view.chainId = chainId;
  if (raw.verifyingContract !== undefined) {
    if (typeof raw.verifyingContract !== 'string' || !isAddress(raw.verifyingContract, { strict: false })) {
      throw invalid('Invalid typed data: domain.verifyingContract is not an address');
    }
    view.verifyingContract = getAddress(raw.verifyingContract);
  }
  if (raw.salt !== undefined) {
    if (typeof raw.salt !== 'string' || !isHex(raw.salt))
      throw invalid('Invalid typed data: domain.salt is not hex');
    view.salt = raw.salt;
  }

  const contract = view.verifyingContract;
  if (contract && ENTRY_POINTS.some((entryPoint) => isAddressEqual(entryPoint, contract))) {
    throw invalid(
      'This wallet does not sign typed data for the EntryPoint: it would authorise a user operation.',
    );
  }
  if (contract && context.ownAccounts.some((account) => isAddressEqual(account, contract))) {
    throw invalid('This wallet does not sign typed data for one of its own accounts.');
  }
  if (chainId !== undefined && chainId !== context.chainId) {
    throw invalid(
      `The typed data is for chain ${chainId}; this wallet works on chain ${context.chainId} only.`,
    );
  }
  return view;
}

function describeValue(
  name: string,
  type: string,
  value: unknown,
  types: Types,
  depth: number,
): TypedDataField {
  if (depth > 16) throw invalid('Invalid typed data: nested too deeply');
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const items = Array.isArray(value) ? value : [];
    return {
      name,
      type,
      fields: items.map((item, index) => describeValue(`${index}`, array[1] ?? '', item, types, depth + 1)),
    };
  }
  const struct = types[type];
  if (struct) {
    const members = (value ?? {}) as Record<string, unknown>;
    return {
      name,
      type,
      fields: struct.map((field) =>
        describeValue(field.name, field.type, members[field.name], types, depth + 1),
      ),
    };
  }
  if (type === 'address' && typeof value === 'string' && isAddress(value, { strict: false })) {
    return { name, type, value: getAddress(value) };
  }
  return { name, type, value: value === undefined || value === null ? '' : String(value) };
}

/** The message's fields, in the order its type declares them, nested as its structs and arrays are. */
export function describeTypedData(types: Types, primaryType: string, message: Record<string, unknown>) {
  const root = describeValue(primaryType, primaryType, message, types, 0);
  return 'fields' in root ? root.fields : [root];
}
