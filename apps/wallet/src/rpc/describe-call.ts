import { badgeNFTAbi } from '@ojo/contracts/generated/abis';
import { type Abi, type Address, type Hex, toFunctionSelector } from 'viem';

/** A contract call as a person reads it: the contract's name and what the call does, where the wallet knows them. */
export interface CallDescription {
  contractName: string | null;
  action: string | null;
}

/** The product's contracts whose functions the wallet can name, with the words for the ones a session key may call. */
const KNOWN_CONTRACTS: Record<string, { abi: Abi; actions: Record<string, string> }> = {
  BadgeNFT: { abi: badgeNFTAbi as Abi, actions: { mintWithSignature: 'mint a badge' } },
};

/**
 * Names `target` from the chain's deployments (`names`, lower-case address to contract name) and `selector` from that
 * contract's ABI. Unknown parts stay null: the prompt then shows the raw address or selector.
 */
export function describeCall(
  target: Address,
  selector: Hex,
  names: Readonly<Record<string, string>>,
): CallDescription {
  const contractName = names[target.toLowerCase()] ?? null;
  const known = contractName ? KNOWN_CONTRACTS[contractName] : undefined;
  const fn = known?.abi.find(
    (item) => item.type === 'function' && toFunctionSelector(item).toLowerCase() === selector.toLowerCase(),
  );
  const name = fn && fn.type === 'function' ? fn.name : null;
  return { contractName, action: name ? (known?.actions[name] ?? name) : null };
}
