import { smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import {
  type Address,
  bytesToHex,
  concat,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  type PublicClient,
  slice,
} from 'viem';

/** ERC-1967 implementation slot: keccak256('eip1967.proxy.implementation') - 1. */
export const ERC1967_IMPLEMENTATION_SLOT =
  '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

/** Owner of the probe account below: any non-zero address works, the probe never leaves the eth_call. */
const PROBE_OWNER: Address = '0x000000000000000000000000000000000000dEaD';

/**
 * Init code of a deployless eth_call that asks `factory` to deploy an account (createAccount(PROBE_OWNER, salt),
 * calldata appended after the code) and returns that account's runtime code: what the factory deploys, read from
 * the chain instead of from a build artifact.
 *
 *   codecopy(0, 50, 68); call(gas, factory, 0, 0, 68, 0, 32); pop
 *   addr = mload(0); size = extcodesize(addr); extcodecopy(addr, 0, 0, size); return(0, size)
 */
function probeInitCode(factory: Address, salt: bigint): Hex {
  const callData = encodeFunctionData({
    abi: smartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [PROBE_OWNER, salt],
  });
  const code = concat([
    '0x6044', // PUSH1 68 (calldata size)
    '0x610032', // PUSH2 50 (where the calldata starts in this code)
    '0x5f39', // PUSH0 CODECOPY
    '0x60205f60445f5f', // PUSH1 32, PUSH0, PUSH1 68, PUSH0, PUSH0 (retSize, retOffset, argsSize, argsOffset, value)
    concat(['0x73', factory]), // PUSH20 factory
    '0x5af150', // GAS CALL POP
    '0x5f51803b8091', // PUSH0 MLOAD DUP1 EXTCODESIZE DUP1 SWAP2  -> addr size size
    '0x5f5f913c', // PUSH0 PUSH0 SWAP2 EXTCODECOPY             -> size
    '0x5ff3', // PUSH0 RETURN
  ]);
  if ((code.length - 2) / 2 !== 50) throw new Error('probe init code layout changed');
  return concat([code, callData]);
}

export interface ProductAccountChecker {
  /** True when `sender` is a deployed account of `factory`: its proxy code and its implementation. */
  isProductAccount(sender: Address): Promise<boolean>;
}

/**
 * Recognises the product's deployed SmartAccounts. They are ERC1967Proxy instances created by the factory, so an
 * account is one of ours when its runtime code is exactly the factory's proxy code and its ERC-1967 implementation
 * slot holds the factory's `accountImplementation` (the account is not upgradeable and cannot self-destruct, so a
 * positive answer is cached per address).
 */
export function createProductAccountChecker(client: PublicClient, factory: Address): ProductAccountChecker {
  let expected: Promise<{ code: Hex; implementation: Address }> | undefined;
  const known = new Set<string>();

  const loadExpected = async () => {
    const implementation = await client.readContract({
      address: factory,
      abi: smartAccountFactoryAbi,
      functionName: 'accountImplementation',
    });
    const salt = BigInt(bytesToHex(crypto.getRandomValues(new Uint8Array(16))));
    const { data } = await client.call({ data: probeInitCode(factory, salt) });
    if (!data || data === '0x') throw new Error(`the account factory ${factory} deployed no code`);
    return { code: data.toLowerCase() as Hex, implementation: getAddress(implementation) };
  };

  return {
    async isProductAccount(sender) {
      const key = sender.toLowerCase();
      if (known.has(key)) return true;
      if (!expected) {
        expected = loadExpected();
        expected.catch(() => {
          expected = undefined;
        });
      }
      const reference = await expected;
      const code = await client.getCode({ address: sender });
      if (!code || code.toLowerCase() !== reference.code) return false;
      const slot = await client.getStorageAt({ address: sender, slot: ERC1967_IMPLEMENTATION_SLOT });
      if (!slot || !isAddressEqual(getAddress(slice(slot, 12, 32)), reference.implementation)) return false;
      known.add(key);
      return true;
    },
  };
}
