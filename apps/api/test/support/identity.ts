import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Devnet, startDevnet } from '@ojo/devnet/devnet';
import { findFreePort } from '@ojo/devnet/ports';
import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { TEST_SAAS_ID } from '../helpers';

export const WEB_ORIGIN = 'http://localhost:3000';
export const saasHeaders = { saas_id: TEST_SAAS_ID };

/** A SIWE message as the web app writes it; `overrides` replace any field. */
export function siweMessage(
  address: Address,
  nonce: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
): string {
  const now = Date.now();
  return createSiweMessage({
    address,
    chainId: 11124,
    domain: new URL(WEB_ORIGIN).host,
    uri: WEB_ORIGIN,
    nonce,
    version: '1',
    statement: 'Sign in to OJO Arena',
    issuedAt: new Date(now - 1000),
    expirationTime: new Date(now + 5 * 60 * 1000),
    ...overrides,
  });
}

/** A real anvil + alto devnet on free ports in a temporary data folder (one per test file). */
export async function startTestDevnet(): Promise<{
  devnet: Devnet;
  dataDir: string;
  stop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ojo-api-identity-'));
  const devnet = await startDevnet({
    dataDir,
    chainPort: await findFreePort(),
    bundlerPort: await findFreePort(),
    stopOnSignals: false,
  });
  return {
    devnet,
    dataDir,
    async stop() {
      await devnet.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Env of a test app talking to `devnet` and reading its deployments. */
export function devnetEnv(devnet: Devnet, dataDir: string): Record<string, string> {
  return { CHAIN_RPC_URL: devnet.rpcUrl, BUNDLER_URL: devnet.bundlerUrl, DATA_DIR: dataDir, WEB_ORIGIN };
}
