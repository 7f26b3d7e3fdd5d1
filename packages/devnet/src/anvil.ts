import { chmodSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEVNET_CHAIN_ID } from './chain';
import { type LogFn, type ManagedChild, rpcCall, spawnManaged, waitUntilReady } from './child-process';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files';

const require = createRequire(import.meta.url);

/** Seconds between periodic state dumps, so a hard kill loses at most this much chain history. */
const STATE_INTERVAL_SECONDS = 5;

/** Path of the anvil binary shipped in the platform package of @foundry-rs/anvil (override: ANVIL_BIN). */
export function resolveAnvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const packageName = `@foundry-rs/anvil-${process.platform}-${arch}`;
  let packageJson: string;
  try {
    packageJson = require.resolve(`${packageName}/package.json`);
  } catch {
    throw new Error(`${packageName} is not installed; install it or set ANVIL_BIN to an anvil binary.`);
  }
  const binary = join(dirname(packageJson), 'bin', 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}`);
  return binary;
}

export interface AnvilHandle {
  rpcUrl: string;
  statePath: string;
  child: ManagedChild;
  stop(): Promise<void>;
}

/**
 * Starts anvil on 127.0.0.1:`port` with chain id 11124. Chain state lives in `<dataDir>/chain/state.json`:
 * loaded at start, dumped every few seconds and on exit (SIGTERM/SIGINT).
 */
export async function startAnvil(options: {
  dataDir: string;
  port: number;
  log?: LogFn;
}): Promise<AnvilHandle> {
  const chainDir = join(options.dataDir, 'chain');
  for (const dir of [options.dataDir, chainDir]) makePrivateDir(dir);
  const statePath = join(chainDir, 'state.json');
  if (existsSync(statePath)) chmodSync(statePath, PRIVATE_FILE_MODE);
  const rpcUrl = `http://127.0.0.1:${options.port}`;
  // Under umask 077 whatever file anvil creates (its state dumps) is the owner's only.
  const child = spawnManaged(
    'anvil',
    'sh',
    [
      '-c',
      'umask 077 && exec "$0" "$@"',
      resolveAnvilBinary(),
      '--host',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--chain-id',
      String(DEVNET_CHAIN_ID),
      '--state',
      statePath,
      '--state-interval',
      String(STATE_INTERVAL_SECONDS),
    ],
    options.log,
  );
  await waitUntilReady(
    child,
    async () => (await rpcCall<string>(rpcUrl, 'eth_chainId')) === `0x${DEVNET_CHAIN_ID.toString(16)}`,
    { timeoutMs: 20_000, what: 'answering eth_chainId' },
  );
  // Anvil writes its state file on SIGTERM before exiting; give it time for a large state.
  return { rpcUrl, statePath, child, stop: () => child.stop(15_000) };
}
