// Secret files under DATA_DIR shared by the oauth module (its local client secret) and the embedded OpenID
// provider (signing keys, the same client secret): in lib so neither module imports the other.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folder of the embedded OpenID provider's generated files (signing keys, local client secrets) under DATA_DIR. */
export function oidcDataDir(dataDir: string): string {
  return path.join(dataDir, 'oidc-provider');
}

/**
 * Reads a secret file, or creates it with `create()` (mode 0600) when absent. Creation uses the 'wx' flag, so two
 * processes starting together end up with the same content: the loser reads the winner's file.
 */
export function readOrCreateSecretFile(file: string, create: () => string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const content = create();
  try {
    writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
    throw error;
  }
  chmodSync(file, 0o600);
  return content;
}

/**
 * The client secret the API uses with the embedded provider for one login provider, generated on first use. Both
 * sides read the same file, so no secret has to be configured locally.
 */
export function localClientSecret(dataDir: string, provider: string): string {
  const file = path.join(oidcDataDir(dataDir), `${provider}-client-secret`);
  return readOrCreateSecretFile(file, () => `${randomBytes(32).toString('base64url')}\n`).trim();
}
