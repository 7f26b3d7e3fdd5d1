import { chmodSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ContractName, Deployments } from '@ojo/contracts/deployments';
import { deploymentsPath, readDeploymentsFile, writeDeploymentsFile } from '@ojo/contracts/deployments-file';
import { DEVNET_BADGE_SIGNER_ADDRESS } from '@ojo/contracts/devnet-keys';
import {
  badgeNFTAbi,
  badgeNFTBytecode,
  partnerNFTAbi,
  partnerNFTBytecode,
  partnerTokenAbi,
  partnerTokenBytecode,
  profileRegistryAbi,
  profileRegistryBytecode,
  smartAccountFactoryAbi,
  smartAccountFactoryBytecode,
  verifyingPaymasterAbi,
  verifyingPaymasterBytecode,
} from '@ojo/contracts/generated/abis';
import { type Abi, getAddress, type Hex, keccak256, type PublicClient, parseEther } from 'viem';
import { DEVNET_CHAIN_ID } from './chain';
import { createDevnetPublicClient, createDevnetWalletClient } from './clients';
import { ensureEntryPoint } from './entrypoint';
import { devnetAddresses, devnetKeys } from './keys';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files';

export type { ContractName, Deployments } from '@ojo/contracts/deployments';
export { deploymentsPath } from '@ojo/contracts/deployments-file';

/** Creation bytecode of every project contract, keyed by name. */
const CREATION_BYTECODE: Record<ContractName, Hex> = {
  ProfileRegistry: profileRegistryBytecode,
  SmartAccountFactory: smartAccountFactoryBytecode,
  VerifyingPaymaster: verifyingPaymasterBytecode,
  BadgeNFT: badgeNFTBytecode,
  PartnerNFT: partnerNFTBytecode,
  PartnerToken: partnerTokenBytecode,
};

/** What the paymaster holds in the EntryPoint to sponsor gas, and its stake (bundlers expect staked paymasters). */
export const PAYMASTER_DEPOSIT_WEI = parseEther('100');
export const PAYMASTER_STAKE_WEI = parseEther('1');
const PAYMASTER_UNSTAKE_DELAY_SECONDS = 86_400;

/**
 * Reads `<dataDir>/devnet/deployments.json` through the shared schema, or undefined when there is none. A file the
 * schema refuses (an older layout) counts as none: the devnet redeploys and writes a valid one.
 */
export function readDeployments(dataDir: string): Deployments | undefined {
  try {
    return readDeploymentsFile(deploymentsPath(dataDir));
  } catch {
    return undefined;
  }
}

function currentBytecodeHashes(): Record<ContractName, Hex> {
  return Object.fromEntries(
    Object.entries(CREATION_BYTECODE).map(([name, bytecode]) => [name, keccak256(bytecode)]),
  ) as Record<ContractName, Hex>;
}

/** True when every recorded contract still has code on chain and was built from the current bytecode. */
async function isStillDeployed(publicClient: PublicClient, deployments: Deployments): Promise<boolean> {
  if (deployments.chainId !== DEVNET_CHAIN_ID) return false;
  const expected = currentBytecodeHashes();
  for (const name of Object.keys(expected) as ContractName[]) {
    const address = deployments.contracts?.[name];
    if (!address || deployments.bytecodeHashes?.[name] !== expected[name]) return false;
    const code = await publicClient.getCode({ address });
    if (!code || code === '0x') return false;
  }
  return true;
}

/**
 * Deploys the EntryPoint (if absent) and the project contracts, registers the API's key where needed, and
 * writes `<dataDir>/devnet/deployments.json`. Reuses the recorded deployment when the chain still holds it.
 */
export async function deployContracts(options: { rpcUrl: string; dataDir: string }): Promise<Deployments> {
  const publicClient = createDevnetPublicClient(options.rpcUrl);
  const wallet = createDevnetWalletClient(options.rpcUrl, devnetKeys.deployer);
  const entryPoint = await ensureEntryPoint(publicClient, wallet);

  const recorded = readDeployments(options.dataDir);
  if (recorded && recorded.entryPoint === entryPoint && (await isStillDeployed(publicClient, recorded))) {
    // A file from an older run may be readable by everyone: it is the owner's only, like a new one.
    makePrivateDir(dirname(deploymentsPath(options.dataDir)));
    chmodSync(deploymentsPath(options.dataDir), PRIVATE_FILE_MODE);
    return recorded;
  }

  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[]) => {
    const hash = await wallet.deployContract({ abi, bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deployment reverted');
    return { address: getAddress(receipt.contractAddress), blockNumber: receipt.blockNumber };
  };
  const confirm = async (hash: Hex, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${what} reverted`);
    return receipt;
  };

  const profileRegistry = await deploy(profileRegistryAbi, profileRegistryBytecode, [
    devnetAddresses.deployer,
  ]);
  await confirm(
    await wallet.writeContract({
      address: profileRegistry.address,
      abi: profileRegistryAbi,
      functionName: 'setRegistrar',
      args: [devnetAddresses.apiSigner, true],
    }),
    'ProfileRegistry.setRegistrar',
  );

  const smartAccountFactory = await deploy(smartAccountFactoryAbi, smartAccountFactoryBytecode, [entryPoint]);
  const verifyingPaymaster = await deploy(verifyingPaymasterAbi, verifyingPaymasterBytecode, [
    entryPoint,
    devnetAddresses.apiSigner,
  ]);
  await confirm(
    await wallet.writeContract({
      address: verifyingPaymaster.address,
      abi: verifyingPaymasterAbi,
      functionName: 'deposit',
      value: PAYMASTER_DEPOSIT_WEI,
    }),
    'VerifyingPaymaster.deposit',
  );
  await confirm(
    await wallet.writeContract({
      address: verifyingPaymaster.address,
      abi: verifyingPaymasterAbi,
      functionName: 'addStake',
      args: [PAYMASTER_UNSTAKE_DELAY_SECONDS],
      value: PAYMASTER_STAKE_WEI,
    }),
    'VerifyingPaymaster.addStake',
  );
  // Only alto's executor may carry sponsored operations (a player submitting one directly would be paid for it).
  await confirm(
    await wallet.writeContract({
      address: verifyingPaymaster.address,
      abi: verifyingPaymasterAbi,
      functionName: 'setBundlerAllowed',
      args: [devnetAddresses.bundlerExecutor, true],
    }),
    'VerifyingPaymaster.setBundlerAllowed',
  );

  // Badges are minted by anyone holding a request the API's badge signer signed; the partner collection and token
  // of the asset badges are owned by the API's key, which hands them out through the devnet faucet.
  const badgeNft = await deploy(badgeNFTAbi, badgeNFTBytecode, [
    devnetAddresses.deployer,
    DEVNET_BADGE_SIGNER_ADDRESS,
  ]);
  const partnerNft = await deploy(partnerNFTAbi, partnerNFTBytecode, [devnetAddresses.apiSigner]);
  const partnerToken = await deploy(partnerTokenAbi, partnerTokenBytecode, [devnetAddresses.apiSigner]);

  const deployments: Deployments = {
    chainId: DEVNET_CHAIN_ID,
    entryPoint,
    contracts: {
      ProfileRegistry: profileRegistry.address,
      SmartAccountFactory: smartAccountFactory.address,
      VerifyingPaymaster: verifyingPaymaster.address,
      BadgeNFT: badgeNft.address,
      PartnerNFT: partnerNft.address,
      PartnerToken: partnerToken.address,
    },
    deployedAtBlock: Number(profileRegistry.blockNumber),
    bytecodeHashes: currentBytecodeHashes(),
  };
  writeDeploymentsFile(deploymentsPath(options.dataDir), deployments);
  return deployments;
}
