import { type Database, isNodePostgres } from './client';

interface RawClient {
  query(
    config: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

/**
 * A raw SQL statement of a hot path (one that drizzle's builders cannot say, such as a CTE that writes two
 * tables), sent to the driver as is: on PostgreSQL a named prepared statement (parsed and planned once per
 * connection), on PGlite a parameterised query. `$1`, `$2`, ... are `values` in order; ask for numeric and bigint
 * columns as `::text` so both drivers answer the same. Only on the database itself (one statement, its own
 * transaction), not inside a drizzle transaction.
 */
export function preparedStatement<Row>(
  name: string,
  text: string,
): (db: Database, values: readonly unknown[]) => Promise<Row[]> {
  return async (db, values) => {
    const client = (db as unknown as { $client: RawClient }).$client;
    const result = isNodePostgres(db)
      ? await client.query({ name, text, values: values.map(dateAsText) })
      : await client.query(text, [...values]);
    return result.rows as Row[];
  };
}

/**
 * A Date as its ISO text, for node-postgres: it would otherwise format each one in local time, and it sends
 * parameters as untyped text either way; every timestamp column is `timestamptz`, so the server reads the same
 * instant. (PGlite types a Date parameter itself.) Any other value as it is.
 */
function dateAsText(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
