import type { Writable } from 'node:stream';
import pg from 'pg';

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
      return typeof config === 'string'
        ? client.query<Row>(config, values)
        : client.query<Row>(config, values);
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
