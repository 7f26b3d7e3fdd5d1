import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { migrateDatabase } from './migrate';
import { users } from './schema/users';

describe('createDatabase with PGlite on disk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'ojo-db-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates missing folders and keeps data across a restart', async () => {
    const dataDir = path.join(root, 'nested', '.data');
    const first = await createDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    await migrateDatabase(first);
    await first.db.insert(users).values({ handle: 'persisted', referralCode: 'KEEP01' });
    await first.close();

    const second = await createDatabase({ dataDir });
    await migrateDatabase(second);
    const rows = await second.db.select().from(users).where(eq(users.handle, 'persisted'));
    await second.close();
    expect(rows.map((row) => row.referralCode)).toEqual(['KEEP01']);
  });

  it('keeps the data folder private: folders 0700 and files 0600, new and existing ones', async () => {
    const dataDir = path.join(root, 'modes');
    // An older folder left world-writable (as PGlite used to leave it), with a stray file.
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    chmodSync(dataDir, 0o777);
    writeFileSync(path.join(dataDir, 'pglite', 'stray'), 'x', { mode: 0o666 });
    chmodSync(path.join(dataDir, 'pglite', 'stray'), 0o666);

    const database = await createDatabase({ dataDir });
    expect(modesUnder(dataDir)).toEqual({ dirs: [0o700], files: [0o600] });
    await migrateDatabase(database);
    await database.db.insert(users).values({ handle: 'private_one', referralCode: 'PRIV01' });
    await database.close();
    const modes = modesUnder(dataDir);
    expect(modes).toEqual({ dirs: [0o700], files: [0o600] });
  });

  it('refuses to guess where the data goes', async () => {
    await expect(createDatabase({})).rejects.toThrow(/databaseUrl, dataDir or inMemory/);
  });
});

/** The distinct permission bits of the folders and of the files under `root` (itself included). */
function modesUnder(root: string): { dirs: number[]; files: number[] } {
  const dirs = new Set<number>();
  const files = new Set<number>();
  const walk = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isDirectory()) {
      dirs.add(stat.mode & 0o777);
      for (const child of readdirSync(entry)) walk(path.join(entry, child));
    } else if (stat.isFile()) {
      files.add(stat.mode & 0o777);
    }
  };
  walk(root);
  return { dirs: [...dirs].sort(), files: [...files].sort() };
}
