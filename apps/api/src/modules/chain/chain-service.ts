import { transportErrorCodes } from '@ojo/api-contract/envelope';
import { type Deployments, readDeployments } from '@ojo/devnet/deploy';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type LocalAccount,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../config/env';
import { AppError } from '../../lib/errors';

export type ContractName = keyof Deployments['contracts'];

export interface ChainService {
  chainId: number;
  publicClient: PublicClient;
  /** The API's key: ProfileRegistry registrar and VerifyingPaymaster signer. */
  signer: LocalAccount;
  walletClient: WalletClient;
  /** The recorded deployment (re-read each time: the devnet may deploy after the API started), or undefined. */
  deployments(): Deployments | undefined;
  /** The address of a deployed contract, or a 503 when the chain has none. */
  contractAddress(name: ContractName): Address;
  /** Runs `work` after every earlier call of `serialize` finished: one transaction at a time from the API key. */
  serialize<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * The API's view of the chain (DESIGN.md section 7): a public client on CHAIN_RPC_URL, the signer key from
 * API_SIGNER_PRIVATE_KEY, and the addresses of `<DATA_DIR>/devnet/deployments.json`.
 */
export function createChainService(config: AppConfig): ChainService {
  // Defined here rather than taken from viem/chains: id 11124 is a zkSync chain there, whose formatters do not fit.
  const chain = defineChain({
    id: config.chain.chainId,
    name: `${config.productName} chain`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [config.chain.rpcUrl] } },
  });
  const transport = http(config.chain.rpcUrl, { timeout: 15_000, retryCount: 1 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 }) as PublicClient;
  const signer = privateKeyToAccount(config.apiSignerPrivateKey);
  const walletClient = createWalletClient({ account: signer, chain, transport, pollingInterval: 250 });
  let queue: Promise<unknown> = Promise.resolve();

  const deployments = () => {
    const recorded = readDeployments(config.dataDir);
    return recorded && recorded.chainId === config.chain.chainId ? recorded : undefined;
  };

  return {
    chainId: config.chain.chainId,
    publicClient,
    signer,
    walletClient,
    deployments,
    contractAddress(name) {
      const address = deployments()?.contracts[name];
      if (!address) {
        throw new AppError(
          503,
          transportErrorCodes.serviceUnavailable,
          'chain.not.deployed',
          `The ${name} contract is not deployed on chain ${config.chain.chainId}`,
        );
      }
      return address;
    },
    serialize(work) {
      const run = queue.then(work, work);
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
