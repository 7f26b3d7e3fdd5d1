import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDatabase, type DatabaseHandle, type DatabaseKind } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

/** Server that test databases are created on; trust auth, user postgres (helper rules). */
export const TEST_POSTGRES_URL =
  process.env.OJO_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Kinds every database test runs on. PostgreSQL is always included unless OJO_SKIP_POSTGRES=1: when it is down,
 * the postgres suites fail with a clear message instead of being skipped silently.
 */
export const testDatabaseKinds: readonly DatabaseKind[] =
  process.env.OJO_SKIP_POSTGRES === '1' ? ['pglite'] : ['pglite', 'postgres'];

export interface TestDatabase extends DatabaseHandle {
  /** For postgres: the name of the throw-away database; for pglite: 'memory'. */
  name: string;
}

/**
 * A fresh, migrated database. PGlite runs in memory; PostgreSQL gets its own `ojo_test_<random>` database so
 * parallel test files never share state. `close()` drops it.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const shouldMigrate = options.migrate ?? true;
  if (kind === 'pglite') {
    const handle = await createDatabase({ inMemory: true });
    if (shouldMigrate) await migrateDatabase(handle);
    return { ...handle, name: 'memory' };
  }

  const name = `ojo_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((admin) => admin.query(`create database "${name}"`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
  try {
    if (shouldMigrate) await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    await dropDatabase(name);
    throw error;
  }
  return {
    ...handle,
    name,
    async close() {
      await handle.close();
      await dropDatabase(name);
    },
  };
}

/**
 * Declares one `describe` block per database kind, each with its own migrated database created before and dropped
 * after the block. `body` reads the handle lazily through `database()`.
 */
export function describeWithDatabases(
  title: string,
  body: (context: { kind: DatabaseKind; database: () => TestDatabase }) => void,
): void {
  for (const kind of testDatabaseKinds) {
    describe(`${title} [${kind}]`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await current?.close();
      });
      body({
        kind,
        database: () => {
          if (!current) throw new Error(`the ${kind} test database is not ready`);
          return current;
        },
      });
    });
  }
}

async function dropDatabase(name: string): Promise<void> {
  await withAdminClient((admin) => admin.query(`drop database if exists "${name}" with (force)`));
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL test server is not reachable at ${TEST_POSTGRES_URL} (${(error as Error).message}). ` +
        'Start it, point OJO_TEST_POSTGRES_URL at one, or set OJO_SKIP_POSTGRES=1 to run the PGlite suites only.',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A copy of the migrations folder whose journal stops before the migration tagged `tag`. */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ojo-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop === -1) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}
