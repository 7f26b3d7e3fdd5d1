import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Folders of the data directory: only the owner may list, enter or change them. */
export const PRIVATE_DIR_MODE = 0o700;
/** Files of the data directory: only the owner may read or write them. */
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) and makes it private: mode 0700 also when it already existed. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes `root` and everything under it private: folders 0700, files 0600 (symbolic links are left alone, never
 * followed). PGlite writes its initial cluster world-writable (0666) whatever the umask, so its folder is swept.
 */
export function restrictTreeToOwner(root: string): void {
  const stat = lstatSync(root, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (!stat.isDirectory()) {
    if ((stat.mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(root, PRIVATE_FILE_MODE);
    return;
  }
  if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(root, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(root)) restrictTreeToOwner(path.join(root, entry));
}
