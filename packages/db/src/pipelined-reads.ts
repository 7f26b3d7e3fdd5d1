import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import pg from 'pg';

/** node-postgres' own mapping of a parameter value to its wire text (Dates, Buffers, arrays, JSON), as its queries use. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/**
 * One per API node: on a 2-core machine a second pipelined backend competes with the API for the CPU, and the task list
 * answered 0.6x as many requests per second with two (`npm run bench:api`). A machine whose PostgreSQL has cores to
 * spare may set more (`DATABASE_PIPELINED_READS`); a slow read then holds only the reads behind it on its connection.
 */
export const DEFAULT_PIPELINED_READ_CONNECTIONS = 1;

/** A pipelined read running longer than this is cancelled by PostgreSQL (the hot reads take milliseconds). */
export const PIPELINED_READ_TIMEOUT_MS = 5000;

/** Statements in flight on a pipelined connection before the next connection takes the next read. */
const PIPELINE_DEPTH = 16;

/** What a statement is sent as: its text and, for a prepared statement, its name and the row shape drizzle asks for. */
type QueryConfig = string | pg.QueryConfig;

interface Connection {
  client: pg.Client;
  ready: Promise<pg.Client>;
  /** The row shape of each prepared statement this connection has described (`PipelinedStatement`). */
  shapes: Map<string, RowShape>;
  /** Statements sent on it and not yet answered. */
  inFlight: number;
  /** Whether its writes are held until the loop's check phase (`batchWrites`). */
  corked: boolean;
}

/**
 * One or a few PostgreSQL connections in pipeline mode (node-postgres 8.23), shared by every request's hot reads: each
 * statement is written at once behind the ones still in flight on its connection, each with its own Sync (its own
 * implicit transaction and error), and PostgreSQL answers them in order. A pool connection carries one statement per
 * round trip, so its backend sleeps and wakes for every one; a pipelined backend reads a burst of them at once. On
 * this 2-core machine a primary-key select answers about twice as many requests per second this way (README,
 * Performance).
 *
 * Only for single statements that cannot wait on a lock: a statement stuck behind another transaction's row lock
 * would hold every read queued behind it on the same connection. Hence reads only (MVCC reads never wait on row
 * locks), through `preparedRead`; transactions and writes stay on the pool.
 *
 * A connection that fails or ends is dropped (node-postgres fails the statements in flight on it) and the next
 * statement opens a new one (see `pick` for which connection a statement goes to).
 */
export class PipelinedReads {
  private readonly connections: (Connection | undefined)[];
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    size: number,
  ) {
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`pipelined reads need at least one connection: ${size}`);
    this.connections = new Array<Connection | undefined>(size).fill(undefined);
  }

  /** The same call as `pg.Pool#query` with a config and values, which is all drizzle's prepared queries use. */
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(
    config: QueryConfig,
    values?: unknown[],
  ): Promise<pg.QueryResult<Row>> {
    if (this.closed) return Promise.reject(new Error('pipelined reads are closed'));
    const connection = this.pick();
    connection.inFlight += 1;
    const settle = () => {
      connection.inFlight -= 1;
    };
    const result = connection.ready.then((client) => {
      this.batchWrites(connection);
      if (typeof config === 'string') return client.query<Row>(config, values);
      if (!PipelinedStatement.fits(config)) return client.query<Row>(config, values);
      return new Promise<pg.QueryResult<Row>>((resolve, reject) => {
        const statement = new PipelinedStatement(
          config,
          values ?? config.values ?? [],
          connection.shapes,
          resolve,
          reject,
        );
        client.query(statement);
      });
    });
    result.then(settle, settle);
    return result;
  }

  /** Connections open or opening, for tests and operators. */
  get openCount(): number {
    return this.connections.filter(Boolean).length;
  }

  async end(): Promise<void> {
    this.closed = true;
    const open = this.connections.filter((connection): connection is Connection => connection !== undefined);
    this.connections.fill(undefined);
    await Promise.all(
      open.map((connection) =>
        connection.ready.then(
          (client) => client.end(),
          () => undefined,
        ),
      ),
    );
  }

  /**
   * Holds the connection's socket writes until the event loop's check phase, so the statements of every request
   * read in this loop iteration go out in one write (node-postgres writes each statement on its own otherwise): fewer
   * system calls here, and PostgreSQL reads them in one go. About a fifth more requests per second for a pipelined
   * primary-key select on this machine (README, Performance).
   */
  private batchWrites(connection: Connection): void {
    if (connection.corked) return;
    const stream = (connection.client as unknown as { connection?: { stream?: Partial<Writable> } })
      .connection?.stream;
    if (typeof stream?.cork !== 'function' || typeof stream.uncork !== 'function') return;
    connection.corked = true;
    stream.cork();
    setImmediate(() => {
      connection.corked = false;
      stream.uncork?.();
    });
  }

  /**
   * The first connection with fewer than `PIPELINE_DEPTH` statements in flight, else the one with the fewest: the reads
   * of a burst go out together on one connection (one write, one wake-up of its backend), and the next connection
   * takes what one cannot, or what queues behind a slow read there.
   */
  private pick(): Connection {
    let best: Connection | undefined;
    for (let slot = 0; slot < this.connections.length; slot += 1) {
      const connection = this.connections[slot] ?? this.open(slot);
      if (connection.inFlight < PIPELINE_DEPTH) return connection;
      if (!best || connection.inFlight < best.inFlight) best = connection;
    }
    return best as Connection;
  }

  private open(slot: number): Connection {
    const client = new pg.Client({ ...this.config, pipeline: true });
    const drop = () => {
      if (this.connections[slot] === connection) this.connections[slot] = undefined;
    };
    // A failed or closed connection is never reused: its statements in flight fail, the next ones open a new one.
    client.on('error', () => {
      drop();
      client.end().catch(() => undefined);
    });
    client.on('end', drop);
    const connection: Connection = {
      client,
      shapes: new Map(),
      inFlight: 0,
      corked: false,
      ready: client.connect().then(
        () => client,
        (error: unknown) => {
          drop();
          throw error;
        },
      ),
    };
    this.connections[slot] = connection;
    return connection;
  }
}

/** What a prepared statement's rows look like on one connection: its fields and each one's text parser. */
interface RowShape {
  fields: pg.FieldDef[];
  parsers: ((text: string) => unknown)[];
}

/** The parts of node-postgres' connection a statement writes to (its `Connection`, which its types do not declare). */
interface WireConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: Partial<Writable>;
  parse(message: { name: string; text: string; types: number[] }): void;
  bind(message: { statement: string; values: unknown[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

/** A named statement as drizzle's prepared queries send it: text rows, no row limit, maybe its own type parsers. */
type NamedStatementConfig = pg.QueryConfig & {
  name: string;
  rowMode?: 'array';
  types?: { getTypeParser: (oid: number, format: 'text') => (text: string) => unknown };
};

/** What `PipelinedStatement` hands node-postgres' query constructor: nothing to copy (see there). */
const NO_CONFIG: pg.QueryConfig = Object.freeze({}) as pg.QueryConfig;

/**
 * One execution of a named prepared statement on a pipelined connection. The same messages go out as for a `pg.Query`
 * (Parse once per connection, Bind, Execute, Sync) and node-postgres' client hands it the answers as to one; what it
 * does not do is ask for, read and make parsers for the row description on every execution: a connection keeps each
 * statement's row shape from its first description (PostgreSQL refuses to run a prepared statement whose result type
 * changed, so the shape cannot go stale), and later executions send no Describe. Nor is its config copied
 * (`pg.Query` copies every query's with property descriptors). Those were a tenth of a hot read's JavaScript
 * (`npm run bench:api`). It is a `pg.Query` because a pipelined client takes no other kind of query (it refuses
 * cursors, which keep a portal open); it keeps none.
 *
 * Settles once: with the rows at ReadyForQuery, or with the first error (PostgreSQL's, the connection's, or a row
 * its parser refused, which waits for ReadyForQuery as node-postgres does, so the connection stays in step).
 */
class PipelinedStatement extends pg.Query {
  readonly name: string;
  readonly text: string;
  private shape: RowShape | undefined;
  private readonly received: unknown[] = [];
  private rowCount: number | null = null;
  private command = '';
  private rowError: unknown;
  private settled = false;
  /** Set by node-postgres when its client has a `query_timeout` (to clear its timer); told the outcome too. */
  declare callback?: (error: unknown, result?: pg.QueryResult<never>) => void;

  /** Whether a config is one this class sends: named, with its text, text rows, no row limit or portal. */
  static fits(config: pg.QueryConfig): config is NamedStatementConfig {
    const options = config as pg.QueryConfig & {
      rows?: number;
      portal?: string;
      queryMode?: string;
      binary?: boolean;
    };
    return (
      typeof config.name === 'string' &&
      config.name !== '' &&
      typeof config.text === 'string' &&
      !options.binary &&
      !options.rows &&
      !options.portal &&
      options.queryMode === undefined
    );
  }

  constructor(
    private readonly config: NamedStatementConfig,
    private readonly parameters: unknown[],
    private readonly shapes: Map<string, RowShape>,
    private readonly resolve: (result: pg.QueryResult<never>) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    super(NO_CONFIG);
    this.name = config.name;
    this.text = config.text;
  }

  /**
   * Writes the statement when the connection takes it (node-postgres calls it); an error returned fails it before
   * anything is written. A method, as `pg.Query`'s own is.
   */
  // @ts-expect-error node-postgres' types declare `submit` as a property, which a method may not override.
  override submit(connection: pg.Connection): Error | null {
    return this.write(connection as unknown as WireConnection);
  }

  private write(connection: WireConnection): Error | null {
    const { name, text } = this;
    const previous = connection.parsedStatements[name] ?? connection.submittedNamedStatements[name];
    if (previous !== undefined && previous !== text)
      return new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
    let values: unknown[];
    try {
      values = this.parameters.map((value) => prepareValue(value));
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
    this.shape = this.shapes.get(name);
    connection.stream.cork?.();
    try {
      if (previous === undefined) {
        connection.parse({ name, text, types: [] });
        connection.submittedNamedStatements[name] = text;
      }
      connection.bind({ statement: name, values });
      if (!this.shape) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: pg.FieldDef[] }): void {
    const types = this.config.types ?? pg.types;
    this.shape = {
      fields: message.fields,
      parsers: message.fields.map((field) => types.getTypeParser(field.dataTypeID, 'text')),
    };
    if (!this.shapes.has(this.name)) this.shapes.set(this.name, this.shape);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.rowError !== undefined) return;
    const shape = this.shape;
    if (!shape) {
      this.rowError = new Error(`a row of '${this.name}' came before its description`);
      return;
    }
    try {
      const values = message.fields;
      if (this.config.rowMode === 'array') {
        const row = new Array<unknown>(values.length);
        for (let index = 0; index < values.length; index += 1) {
          const value = values[index];
          row[index] = value === null || value === undefined ? null : shape.parsers[index]!(value);
        }
        this.received.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let index = 0; index < values.length; index += 1) {
          const value = values[index];
          row[shape.fields[index]!.name] =
            value === null || value === undefined ? null : shape.parsers[index]!(value);
        }
        this.received.push(row);
      }
    } catch (error) {
      this.rowError = error;
    }
  }

  handleCommandComplete(message: { text: string }): void {
    // "SELECT 3", "UPDATE 2", "INSERT 0 1": the command first, the count last.
    const words = message.text.split(' ');
    this.command = words[0] ?? '';
    const count = Number(words[words.length - 1]);
    this.rowCount = words.length > 1 && Number.isInteger(count) ? count : null;
  }

  handleReadyForQuery(): void {
    if (this.rowError !== undefined) {
      this.fail(this.rowError);
      return;
    }
    if (this.settled) return;
    this.settled = true;
    const result = {
      command: this.command,
      rowCount: this.rowCount,
      oid: 0,
      fields: this.shape?.fields ?? [],
      rows: this.received as never[],
    };
    this.callback?.(null, result);
    this.resolve(result);
  }

  handleError(error: unknown): void {
    this.fail(this.rowError ?? error);
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.callback?.(error);
    this.reject(error);
  }
}
