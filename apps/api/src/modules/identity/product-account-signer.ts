import { smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import {
  type Address,
  decodeFunctionData,
  type Hex,
  isAddressEqual,
  isErc6492Signature,
  parseErc6492Signature,
} from 'viem';
import type { ChainService } from '../chain/chain-service';
import { createProductAccountChecker, type ProductAccountChecker } from '../gas/product-account';

/**
 * Who may sign in (SECURITY.md (Stance): 'Log in only product smart accounts'): a plain key makes free accounts
 * without limit, so only the product's own smart accounts are taken, checked on chain:
 * - deployed: the account's code is the factory's proxy of our SmartAccount implementation;
 * - not deployed yet: the EIP-6492 wrapper of the signature names our factory, and the factory's
 *   `getAddress(owner, salt)` for its `createAccount(owner, salt)` call is the address signing in.
 * The signature itself is checked before (viem verifyMessage); this says whose account the address is.
 */
export interface ProductAccountSigners {
  isProductAccount(address: Address, signature: Hex): Promise<boolean>;
}

export function createProductAccountSigners(chain: ChainService): ProductAccountSigners {
  // One checker per factory address (the devnet may redeploy under a running API); it caches known accounts.
  const checkers = new Map<string, ProductAccountChecker>();
  const deployedChecker = (factory: Address) => {
    const key = factory.toLowerCase();
    let checker = checkers.get(key);
    if (!checker) {
      checker = createProductAccountChecker(chain.publicClient, factory);
      checkers.set(key, checker);
    }
    return checker;
  };

  return {
    async isProductAccount(address, signature) {
      const factory = chain.contractAddress('SmartAccountFactory');
      const code = await chain.publicClient.getCode({ address });
      if (code && code !== '0x') return deployedChecker(factory).isProductAccount(address);
      if (!isErc6492Signature(signature)) return false;
      const wrapper = parseErc6492Signature(signature);
      if (!wrapper.address || !wrapper.data || !isAddressEqual(wrapper.address, factory)) return false;
      const creation = decodeCreateAccount(wrapper.data);
      if (!creation) return false;
      const predicted = await chain.publicClient.readContract({
        address: factory,
        abi: smartAccountFactoryAbi,
        functionName: 'getAddress',
        args: [creation.owner, creation.salt],
      });
      return isAddressEqual(predicted, address);
    },
  };
}

/** The (owner, salt) of a `createAccount(owner, salt)` call of the factory, or null for any other call data. */
function decodeCreateAccount(data: Hex): { owner: Address; salt: bigint } | null {
  try {
    const decoded = decodeFunctionData({ abi: smartAccountFactoryAbi, data });
    if (decoded.functionName !== 'createAccount') return null;
    const [owner, salt] = decoded.args as readonly [Address, bigint];
    return { owner, salt };
  } catch {
    return null;
  }
}
