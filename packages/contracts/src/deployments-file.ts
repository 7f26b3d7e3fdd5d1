import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Deployments, deploymentsSchema, parseDeployments } from './deployments';

/** Where the devnet writes its deployments under a data folder (`<dataDir>/devnet/deployments.json`). */
export function deploymentsPath(dataDir: string): string {
  return join(dataDir, 'devnet', 'deployments.json');
}

/** Reads and validates a deployments file; undefined when the file does not exist (nothing deployed yet). */
export function readDeploymentsFile(path: string): Deployments | undefined {
  if (!existsSync(path)) return undefined;
  return parseDeployments(JSON.parse(readFileSync(path, 'utf8')), path);
}

/**
 * Writes a deployments file atomically (readers never see half a file), after validating it; like everything under
 * the data folder, owner-only (0600 in a 0700 folder).
 */
export function writeDeploymentsFile(path: string, deployments: Deployments): void {
  const valid = deploymentsSchema.parse(deployments);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(valid, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
