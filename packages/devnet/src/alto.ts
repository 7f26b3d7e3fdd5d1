import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Address, Hex } from 'viem';
import { type LogFn, type ManagedChild, rpcCall, spawnManaged, waitUntilReady } from './child-process';

const require = createRequire(import.meta.url);
const hooksEntry = join(dirname(fileURLToPath(import.meta.url)), 'alto-hooks', 'register.mjs');

/** Path of alto's CLI entry (a Node ESM script) inside @pimlico/alto. */
export function resolveAltoEntry(): string {
  // The package's "exports" hide package.json, so walk up from its main entry to the package root.
  let dir = dirname(require.resolve('@pimlico/alto'));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot locate the @pimlico/alto package root');
    dir = parent;
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    bin?: Record<string, string>;
  };
  const bin = manifest.bin?.alto;
  if (!bin) throw new Error('@pimlico/alto has no "alto" bin entry');
  return join(dir, bin);
}

export interface AltoOptions {
  rpcUrl: string;
  port: number;
  entryPoint: Address;
  executorPrivateKey: Hex;
  utilityPrivateKey: Hex;
  log?: LogFn;
}

export interface AltoHandle {
  bundlerUrl: string;
  child: ManagedChild;
  stop(): Promise<void>;
}

/** Starts the alto bundler for the devnet and waits until it answers eth_supportedEntryPoints. */
export async function startAlto(options: AltoOptions): Promise<AltoHandle> {
  const bundlerUrl = `http://127.0.0.1:${options.port}`;
  const args = [
    // Keeps alto from treating chain 11124 as viem's Abstract Testnet (zkSync formatters).
    '--import',
    hooksEntry,
    resolveAltoEntry(),
    '--entrypoints',
    options.entryPoint,
    '--rpc-url',
    options.rpcUrl,
    '--port',
    String(options.port),
    '--executor-private-keys',
    options.executorPrivateKey,
    '--utility-private-key',
    options.utilityPrivateKey,
    // No debug_traceCall validation of the ERC-7562 rules on a local chain.
    '--safe-mode',
    'false',
    // Anvil automines; poll quickly (alto polls every blockTime / 4 ms).
    '--block-time',
    '400',
    // The wallet app calls the bundler from the browser.
    '--enable-cors',
    'true',
    '--log-level',
    process.env.ALTO_LOG_LEVEL ?? 'warn',
  ];
  const child = spawnManaged('alto', process.execPath, args, options.log);
  await waitUntilReady(
    child,
    async () => {
      const entryPoints = await rpcCall<string[]>(bundlerUrl, 'eth_supportedEntryPoints');
      return entryPoints.some((address) => address.toLowerCase() === options.entryPoint.toLowerCase());
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'answering eth_supportedEntryPoints' },
  );
  return { bundlerUrl, child, stop: () => child.stop(5_000) };
}
