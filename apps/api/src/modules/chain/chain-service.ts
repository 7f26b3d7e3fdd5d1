import { statSync } from 'node:fs';
import path from 'node:path';
import { defineOjoChain } from '@ojo/contracts/chain';
import type { ContractName, Deployments } from '@ojo/contracts/deployments';
import { deploymentsPath, readDeploymentsFile } from '@ojo/contracts/deployments-file';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  http,
  type LocalAccount,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../config/env';
import { chainErrors } from './errors';

export type { ContractName } from '@ojo/contracts/deployments';

export interface ChainService {
  chainId: number;
  publicClient: PublicClient;
  /** The API's key: ProfileRegistry registrar and VerifyingPaymaster signer. */
  signer: LocalAccount;
  walletClient: WalletClient;
  /** The deployment of this chain (from configuration, or the deployments file re-read), or undefined. */
  deployments(): Deployments | undefined;
  /** The address of a deployed contract, or a 503 when the chain has none. */
  contractAddress(name: ContractName): Address;
}

/**
 * Reads the deployments from configuration or from the deployments file. The file is re-read whenever it changed
 * (the devnet may deploy after the API started, or redeploy); one for another chain counts as none.
 */
function createDeploymentsReader(config: AppConfig): () => Deployments | undefined {
  const source = config.deployments;
  if (source.source === 'configuration') return () => source.deployments;
  const file = source.file ? path.resolve(source.file) : deploymentsPath(config.dataDir);
  let lastGood: Deployments | undefined;
  let seen = '';
  return () => {
    // The file is parsed again only when its size or modification time changed.
    const stat = statSync(file, { throwIfNoEntry: false });
    const version = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'none';
    if (version === seen) return lastGood;
    try {
      const deployments = readDeploymentsFile(file);
      lastGood = deployments && deployments.chainId === config.chain.chainId ? deployments : undefined;
      seen = version;
    } catch {
      // Half-written by hand or left by an older devnet: keep the last good answer rather than fail every call.
    }
    return lastGood;
  };
}

/**
 * The API's view of the chain (ARCHITECTURE.md (Chain)): a public client on CHAIN_RPC_URL, the signer key from
 * API_SIGNER_PRIVATE_KEY, and the contract addresses from the deployments (file or configuration).
 */
export function createChainService(config: AppConfig): ChainService {
  const chain = defineOjoChain({
    chainId: config.chain.chainId,
    rpcUrl: config.chain.rpcUrl,
    name: `${config.productName} chain`,
  });
  const transport = http(config.chain.rpcUrl, { timeout: 15_000, retryCount: 1 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 }) as PublicClient;
  const signer = privateKeyToAccount(config.apiSignerPrivateKey);
  const walletClient = createWalletClient({ account: signer, chain, transport, pollingInterval: 250 });
  const deployments = createDeploymentsReader(config);

  return {
    chainId: config.chain.chainId,
    publicClient,
    signer,
    walletClient,
    deployments,
    contractAddress(name) {
      const address = deployments()?.contracts[name];
      if (!address) {
        throw chainErrors.notDeployed(name, config.chain.chainId);
      }
      return address;
    },
  };
}
