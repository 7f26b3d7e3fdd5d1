import { is, Param, Placeholder } from 'drizzle-orm';
import { type Database, isNodePostgres, readDatabaseOf } from './client';

/** What drizzle's `.prepare(name)` returns: a query built once, run with its placeholders' values. */
interface PreparedQuery<Values, Result> {
  execute(values: Values): Promise<Result>;
}

/**
 * A query of a hot path, built once per database and prepared under `name`: drizzle does not rebuild its SQL on
 * every call (a tenth of a hot read's CPU, measured by `npm run bench:api`), and PostgreSQL parses and plans it once
 * per connection. `build` prepares under the given name and must use `sql.placeholder(...)` for every value that changes between calls. Only for
 * queries on the database itself, not inside a transaction.
 */
export function preparedQuery<Values extends Record<string, unknown>, Result>(
  name: string,
  build: (db: Database, name: string) => PreparedQuery<Values, Result>,
): (db: Database, values: Values) => Promise<Result> {
  return preparedOn(name, build, (db) => db);
}

/**
 * A hot read (one `select`, which waits on no lock) prepared as `preparedQuery` does and sent on the database's
 * pipelined read connections on PostgreSQL (`PipelinedReads`), where concurrent requests' reads share a few
 * connections instead of taking a pool connection each. A write must use `preparedQuery`: on a pipelined connection a
 * statement waiting for a row lock would hold up every read behind it.
 */
export function preparedRead<Values extends Record<string, unknown>, Result>(
  name: string,
  build: (db: Database, name: string) => PreparedQuery<Values, Result>,
): (db: Database, values: Values) => Promise<Result> {
  return preparedOn(name, build, readDatabaseOf);
}

function preparedOn<Values extends Record<string, unknown>, Result>(
  name: string,
  build: (db: Database, name: string) => PreparedQuery<Values, Result>,
  target: (db: Database) => Database,
): (db: Database, values: Values) => Promise<Result> {
  const byDatabase = new WeakMap<
    Database,
    { prepared: PreparedQuery<Values, Result>; datesAsText: boolean }
  >();
  return (db, values) => {
    let entry = byDatabase.get(db);
    if (!entry) {
      const on = target(db);
      const prepared = build(on, name);
      entry = { prepared, datesAsText: isNodePostgres(on) && !encodesPlaceholders(prepared) };
      byDatabase.set(db, entry);
    }
    return entry.prepared.execute(entry.datesAsText ? withDatesAsText(values) : values);
  };
}

/**
 * Whether drizzle hands one of the query's placeholder values to its column's encoder (a placeholder among an
 * insert's or update's values): a timestamp column's encoder expects the Date itself, so such a query keeps its
 * values as they are. A placeholder in a condition goes to the driver as it is.
 */
function encodesPlaceholders(prepared: unknown): boolean {
  const params = (prepared as { params?: unknown[] }).params ?? [];
  return params.some((param) => is(param, Param) && is(param.value, Placeholder));
}

/**
 * `values` with every Date as its ISO text, for node-postgres: it would otherwise format each one in local time on
 * every call, a slow path of the driver (every session check binds `now`). It sends parameters as untyped text
 * either way, and every timestamp column is `timestamptz`, so the server reads the same instant. (PGlite types a
 * Date parameter itself, so its values stay as they are.)
 */
function withDatesAsText<Values extends Record<string, unknown>>(values: Values): Values {
  let copy: Record<string, unknown> | undefined;
  for (const key in values) {
    const value = values[key];
    if (value instanceof Date) {
      copy ??= { ...values };
      copy[key] = value.toISOString();
    }
  }
  return (copy ?? values) as Values;
}

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

/** A Date as its ISO text (see `withDatesAsText`); any other value as it is. */
function dateAsText(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
