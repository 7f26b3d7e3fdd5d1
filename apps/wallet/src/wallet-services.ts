import { type AccountService, createAccountService } from './accounts/account-service';
import { createExternalAccountService } from './accounts/external-account-service';
import { createWalletPublicClient } from './chain/chain';
import { loadContracts, type WalletContracts } from './chain/deployments';
import type { WalletEnv } from './config/env';
import { openKeyStore } from './keys/key-store';
import type { RequestHandler } from './protocol/message-handler';
import { createConnections } from './rpc/connections';
import type { PromptQueue } from './rpc/prompts';
import { createWalletRpc } from './rpc/wallet-rpc';

/**
 * `smart-account`: the ERC-4337 smart accounts the app logs in with. `external`: plain externally owned devnet
 * wallets (the local stand-in for a browser wallet extension, linked for asset badges).
 */
export type WalletMode = 'smart-account' | 'external';

/** `/popup?mode=external` opens the external-wallet mode; anything else the smart accounts. */
export function walletModeOf(search: string): WalletMode {
  return new URLSearchParams(search).get('mode') === 'external' ? 'external' : 'smart-account';
}

export interface WalletServices {
  accounts: AccountService;
  handleRequest: RequestHandler;
}

/** Wires the real parts together: IndexedDB keys, the chain, the bundler, the prompts the person answers. */
export async function createWalletServices(
  env: WalletEnv,
  prompts: PromptQueue,
  mode: WalletMode = 'smart-account',
): Promise<WalletServices> {
  if (mode === 'external') {
    const accounts = createExternalAccountService(
      await openKeyStore({ databaseName: 'arena-wallet-external' }),
    );
    const handleRequest = createWalletRpc({
      chainId: env.chainId,
      accounts,
      connections: createConnections(window.localStorage, 'arena-wallet.external-connections'),
      prompter: prompts.prompter,
    });
    return { accounts, handleRequest };
  }
  const keyStore = await openKeyStore();
  const publicClient = createWalletPublicClient({ chainId: env.chainId, rpcUrl: env.chainRpcUrl });
  let contracts: Promise<WalletContracts> | undefined;
  const getContracts = () => {
    contracts ??= loadContracts({
      chainId: env.chainId,
      ...(env.contracts ? { configured: env.contracts } : {}),
    }).catch((error: unknown) => {
      contracts = undefined; // retry on the next call (the devnet may still be deploying)
      throw error;
    });
    return contracts;
  };
  const accounts = createAccountService({
    keyStore,
    publicClient,
    getContracts,
    bundlerUrl: env.bundlerUrl,
    saasId: env.saasId,
  });
  const handleRequest = createWalletRpc({
    chainId: env.chainId,
    accounts,
    connections: createConnections(window.localStorage),
    prompter: prompts.prompter,
    getContractNames: async () => (await getContracts()).names ?? {},
  });
  return { accounts, handleRequest };
}
