import { entryPointBytecode } from '@ojo/contracts/generated/abis';
import { type Address, concat, getAddress, type Hex, type PublicClient, type WalletClient } from 'viem';

/** ERC-4337 EntryPoint v0.8 canonical address (alto recognises v0.8 by it). */
export const ENTRY_POINT_V08_ADDRESS: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
/** Arachnid's deterministic CREATE2 deployer, present at anvil genesis. */
export const CREATE2_DEPLOYER_ADDRESS: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C';
/** The salt the EntryPoint v0.8 release was deployed with. */
export const ENTRY_POINT_V08_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9';

/**
 * Deploys the packaged EntryPoint v0.8 at its canonical address through the CREATE2 deployer, unless code is
 * already there. Only the packaged bytecode (not a local recompile) lands at that address.
 */
export async function ensureEntryPoint(
  publicClient: PublicClient,
  walletClient: WalletClient,
): Promise<Address> {
  const existing = await publicClient.getCode({ address: ENTRY_POINT_V08_ADDRESS });
  if (existing && existing !== '0x') return ENTRY_POINT_V08_ADDRESS;
  const deployerCode = await publicClient.getCode({ address: CREATE2_DEPLOYER_ADDRESS });
  if (!deployerCode || deployerCode === '0x') {
    throw new Error(`CREATE2 deployer ${CREATE2_DEPLOYER_ADDRESS} is missing on this chain`);
  }
  if (!walletClient.account) throw new Error('ensureEntryPoint needs a wallet client with an account');
  const hash = await walletClient.sendTransaction({
    account: walletClient.account,
    chain: walletClient.chain,
    to: CREATE2_DEPLOYER_ADDRESS,
    data: concat([ENTRY_POINT_V08_SALT, entryPointBytecode]),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error('EntryPoint deployment transaction reverted');
  const code = await publicClient.getCode({ address: ENTRY_POINT_V08_ADDRESS });
  if (!code || code === '0x') {
    throw new Error(
      `EntryPoint did not land at ${getAddress(ENTRY_POINT_V08_ADDRESS)}; the packaged bytecode or salt changed`,
    );
  }
  return ENTRY_POINT_V08_ADDRESS;
}
