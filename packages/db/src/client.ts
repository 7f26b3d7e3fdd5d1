import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ensurePrivateDir, restrictTreeToOwner } from './private-files';

/** The query interface every caller uses; the same for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** A transaction handle as passed to `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

type DriverDatabase =
  | { kind: 'pglite'; db: PgliteDatabase; client: PGlite }
  | { kind: 'postgres'; db: NodePgDatabase; client: pg.Pool };

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** The driver-specific database, for the migrator and for tests that need the raw client. */
  driver: DriverDatabase;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** PostgreSQL connection string; when set, a node-postgres pool is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir?: string | undefined;
  /** An in-memory PGlite (tests only); ignored when `databaseUrl` is set. */
  inMemory?: boolean;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite.
 * PGlite is a single connection by design (a pool over pglite-socket would break transaction isolation).
 */
export async function createDatabase(options: CreateDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // No JIT: the API's statements are short reads and writes, and a join whose estimate is off (a table too small
      // for autovacuum to analyze, e.g. the one-row check-in rules) crossed jit_above_cost and spent 30 ms (hundreds
      // under load) compiling a read that runs in 0.2 ms.
      options: '-c jit=off',
      max: options.maxConnections ?? 10,
    });
    // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
    pool.on('error', () => {});
    const db = drizzlePostgres({ client: pool });
    nodePostgresDatabases.add(db);
    return {
      kind: 'postgres',
      db,
      driver: { kind: 'postgres', db, client: pool },
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  let folder: string | undefined;
  if (options.inMemory) {
    client = new PGlite();
  } else if (options.dataDir) {
    // PGlite does not create missing parent folders. The data folder holds keys and players' data: owner only.
    ensurePrivateDir(options.dataDir);
    folder = path.join(options.dataDir, 'pglite');
    client = new PGlite(folder);
  } else {
    throw new Error('createDatabase needs databaseUrl, dataDir or inMemory');
  }
  await client.waitReady;
  // PGlite unpacks a new cluster with world-writable files (0666), whatever the umask: make them the owner's, and
  // again on close for any file it created meanwhile under a permissive umask.
  if (folder) restrictTreeToOwner(folder);
  const db = drizzlePglite({ client });
  return {
    kind: 'pglite',
    db,
    driver: { kind: 'pglite', db, client },
    close: async () => {
      await client.close();
      if (folder) restrictTreeToOwner(folder);
    },
  };
}

const nodePostgresDatabases = new WeakSet<Database>();

/**
 * Whether `db` runs on node-postgres rather than PGlite: one that `createDatabase` opened on a PostgreSQL URL.
 * `preparedStatement` is only given such a database itself, never a transaction.
 */
export function isNodePostgres(db: Database): boolean {
  return nodePostgresDatabases.has(db);
}

/**
 * Runs raw SQL and returns its rows. `db.execute` is typed per driver; both PGlite and node-postgres answer
 * `{ rows }`, which this reads in one place.
 */
export async function queryRows<Row>(db: Database | Transaction, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
