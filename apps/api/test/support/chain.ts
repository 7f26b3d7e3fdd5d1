import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Deployments } from '@ojo/contracts/deployments';
import { startAnvil } from '@ojo/devnet/anvil';
import { deployContracts } from '@ojo/devnet/deploy';
import { findFreePort } from '@ojo/devnet/ports';
import { WEB_ORIGIN } from './identity';

export interface TestChain {
  rpcUrl: string;
  dataDir: string;
  deployments: Deployments;
  /** Env of a test app on this chain, reading its deployments file (no bundler: tests that need one use the devnet). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Anvil with the project contracts deployed, on a free port in a temporary data folder; no bundler (lighter). */
export async function startTestChain(): Promise<TestChain> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ojo-api-chain-'));
  const anvil = await startAnvil({ dataDir, port: await findFreePort() });
  try {
    const deployments = await deployContracts({ rpcUrl: anvil.rpcUrl, dataDir });
    return {
      rpcUrl: anvil.rpcUrl,
      dataDir,
      deployments,
      env: { CHAIN_RPC_URL: anvil.rpcUrl, DATA_DIR: dataDir, WEB_ORIGIN },
      async stop() {
        await anvil.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
