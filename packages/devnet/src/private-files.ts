import { chmodSync, mkdirSync } from 'node:fs';

/** The data folder holds the chain state and the deployments: the owner's only (folders 0700, files 0600). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` if needed and makes it the owner's only, also when it already existed with a wider mode. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}
