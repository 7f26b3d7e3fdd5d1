import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet } from './devnet';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..');

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a TCP port (1-65535), got "${raw}"`);
  }
  return port;
}

const dataDir = resolve(process.env.DATA_DIR ?? resolve(repoRoot, '.data'));
const devnet = await startDevnet({
  dataDir,
  chainPort: portFromEnv('CHAIN_PORT', 8545),
  bundlerPort: portFromEnv('BUNDLER_PORT', 4337),
  log: process.env.DEVNET_VERBOSE ? (line) => console.log(line) : undefined,
});

console.log(`chain    ${devnet.rpcUrl}  (chain id ${devnet.deployments.chainId})`);
console.log(`bundler  ${devnet.bundlerUrl}  (EntryPoint ${devnet.deployments.entryPoint})`);
for (const [name, address] of Object.entries(devnet.deployments.contracts)) {
  console.log(`${name.padEnd(20)} ${address}`);
}
console.log(`data     ${dataDir}`);
console.log('Press Ctrl-C to stop.');
// startDevnet handles SIGINT/SIGTERM: it stops alto and anvil (which dumps its state), then exits.
