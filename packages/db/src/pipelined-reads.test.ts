import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, readDatabaseOf } from './client';
import { PipelinedReads } from './pipelined-reads';
import { preparedRead } from './prepared';
import { users } from './schema/users';
import {
  createTestDatabase,
  describeWithDatabases,
  TEST_POSTGRES_URL,
  type TestDatabase,
  testDatabaseKinds,
} from './testing';

const onPostgres = testDatabaseKinds.includes('postgres');

/** The messages of node-postgres' connection a test counts. */
interface WireSpy {
  describe(message: unknown): void;
  parse(message: unknown): void;
}

/** A user's referral code by id, with the backend that answered and its JIT setting. */
const selectCode = preparedRead('pipelined_test_code', (db, name) =>
  db
    .select({
      code: users.referralCode,
      pid: sql<number>`pg_backend_pid()`,
      jit: sql<string>`current_setting('jit')`,
      timeout: sql<string>`current_setting('statement_timeout')`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(name),
);

describe.runIf(onPostgres)('PipelinedReads [postgres]', () => {
  let database: TestDatabase;
  let url: string;
  const opened: PipelinedReads[] = [];
  const lane = (size: number) => {
    const reads = new PipelinedReads({ connectionString: url }, size);
    opened.push(reads);
    return reads;
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrate: false });
    const address = new URL(TEST_POSTGRES_URL);
    address.pathname = `/${database.name}`;
    url = address.toString();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((reads) => reads.end()));
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers each of many concurrent statements with its own result over its few connections', async () => {
    const reads = lane(2);
    const asked = Array.from({ length: 300 }, (_, index) => index);
    const answers = await Promise.all(
      asked.map((index) =>
        reads.query<{ echo: number; pid: number }>(
          { name: 'echo', text: 'select $1::int as echo, pg_backend_pid() as pid', values: [index] },
          [index],
        ),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]!.echo)).toEqual(asked);
    expect(new Set(answers.map((answer) => answer.rows[0]!.pid)).size).toBeLessThanOrEqual(2);
    expect(reads.openCount).toBe(2);
  });

  it('keeps a burst on one connection and opens the next only for what queues deeper than 16', async () => {
    const reads = lane(2);
    const burst = (size: number) =>
      Promise.all(
        Array.from({ length: size }, () => reads.query<{ pid: number }>('select pg_backend_pid() as pid')),
      );
    const small = await burst(16);
    expect(new Set(small.map((answer) => answer.rows[0]!.pid)).size).toBe(1);
    expect(reads.openCount).toBe(1);
    const large = await burst(17);
    expect(new Set(large.map((answer) => answer.rows[0]!.pid)).size).toBe(2);
    expect(reads.openCount).toBe(2);
  });

  it('writes the statements asked for in one turn of the event loop to the socket at once', async () => {
    const reads = lane(1);
    await reads.query('select 1');
    const connection = (reads as unknown as { connections: { client: { connection: { stream: Socket } } }[] })
      .connections[0]!;
    const socket = connection.client.connection.stream;
    let writes = 0;
    const writev = socket._writev?.bind(socket);
    const write = socket._write.bind(socket);
    socket._writev = (chunks, callback) => {
      writes += 1;
      writev!(chunks, callback);
    };
    socket._write = (chunk, encoding, callback) => {
      writes += 1;
      write(chunk, encoding, callback);
    };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        reads.query<{ n: number }>({ name: 'batched', text: 'select $1::int as n' }, [index]),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(
      Array.from({ length: 40 }, (_, index) => index),
    );
    expect(writes).toBe(1);
  });

  it('fails only the statement that errs; the ones sent beside it are answered', async () => {
    const reads = lane(1);
    const settled = await Promise.allSettled([
      reads.query('select 1 as one'),
      reads.query('select 1 / 0 as boom'),
      reads.query('select 3 as three'),
    ]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseFulfilledResult<pg.QueryResult>).value.rows).toEqual([{ three: 3 }]);
  });

  it('fails the statements in flight on a connection that dies, then answers on a new connection', async () => {
    const reads = lane(1);
    const first = await reads.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = first.rows[0]!.pid;
    const inFlight = [reads.query('select pg_sleep(30)'), reads.query('select 2 as two')];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                'select count(*)::int as n from pg_stat_activity where pid = $1 and state = $2',
                [pid, 'active'],
              )
            ).rows[0].n,
        )
        .toBe(1);
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    const outcomes = await Promise.allSettled(inFlight);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect
      .poll(async () => {
        try {
          return (await reads.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        } catch {
          return pid;
        }
      })
      .not.toBe(pid);
    expect(reads.openCount).toBe(1);
  });

  it('describes a named statement once per connection and reads later answers with the shape it learnt', async () => {
    const reads = lane(1);
    const text = 'select $1::int as n, $2::text as label, $3::timestamptz as at, null::text as nothing';
    const config = { name: 'shaped', text, rowMode: 'array' as const };
    const at = new Date('2026-11-24T10:00:00.000Z');
    await reads.query(config, [0, 'first', at]);
    const connection = (reads as unknown as { connections: { client: { connection: WireSpy } }[] })
      .connections[0]!.client.connection;
    const sent = { describe: 0, parse: 0 };
    const describe = connection.describe.bind(connection);
    const parse = connection.parse.bind(connection);
    connection.describe = (message) => {
      sent.describe += 1;
      describe(message);
    };
    connection.parse = (message) => {
      sent.parse += 1;
      parse(message);
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => reads.query(config, [index, `line ${index}`, at])),
    );
    expect(answers.map((answer) => answer.rows[0])).toEqual(
      Array.from({ length: 30 }, (_, index) => [index, `line ${index}`, at, null]),
    );
    expect(answers[0]!.fields.map((field) => field.name)).toEqual(['n', 'label', 'at', 'nothing']);
    expect(answers[0]!.rowCount).toBe(1);
    expect(sent).toEqual({ describe: 0, parse: 0 });
  });

  it('fails a named statement whose value PostgreSQL refuses, answers those beside it, and runs it again after', async () => {
    const reads = lane(1);
    const config = { name: 'refused', text: 'select $1::int as n' };
    const settled = await Promise.allSettled([
      reads.query<{ n: number }>(config, [1]),
      reads.query<{ n: number }>(config, ['not a number']),
      reads.query<{ n: number }>(config, [3]),
    ]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.message).toContain('invalid input syntax');
    expect((settled[2] as PromiseFulfilledResult<pg.QueryResult<{ n: number }>>).value.rows).toEqual([
      { n: 3 },
    ]);
    expect((await reads.query<{ n: number }>(config, [4])).rows).toEqual([{ n: 4 }]);
  });

  it('fails a statement whose row its parser refuses, and keeps the connection in step for the next', async () => {
    const reads = lane(1);
    const refusing = {
      getTypeParser: () => () => {
        throw new Error('refused by its parser');
      },
    };
    const settled = await Promise.allSettled([
      reads.query({ name: 'parsed', text: 'select 1 as one', types: refusing } as pg.QueryConfig),
      reads.query<{ two: number }>({ name: 'plain', text: 'select 2 as two' }),
    ]);
    expect((settled[0] as PromiseRejectedResult).reason.message).toBe('refused by its parser');
    expect((settled[1] as PromiseFulfilledResult<pg.QueryResult<{ two: number }>>).value.rows).toEqual([
      { two: 2 },
    ]);
  });

  it("keeps node-postgres' read timeout for named statements: a quick one is answered, a slow one fails", async () => {
    const reads = new PipelinedReads({ connectionString: url, query_timeout: 1000 }, 1);
    opened.push(reads);
    expect((await reads.query({ name: 'quick', text: 'select 1 as one' })).rows).toEqual([{ one: 1 }]);
    await expect(reads.query({ name: 'slow', text: 'select pg_sleep(3)' })).rejects.toThrow(
      'Query read timeout',
    );
  });

  it('refuses a second text under a name the connection has prepared, before writing it', async () => {
    const reads = lane(1);
    await reads.query({ name: 'taken', text: 'select 1 as one' });
    await expect(reads.query({ name: 'taken', text: 'select 2 as two' })).rejects.toThrow(
      "Prepared statements must be unique - 'taken' was used for a different statement",
    );
    expect((await reads.query({ name: 'taken', text: 'select 1 as one' })).rows).toEqual([{ one: 1 }]);
  });

  it('answers the statements in flight before it closes, and refuses new ones after', async () => {
    const reads = lane(1);
    const pending = reads.query<{ n: number }>('select 7 as n');
    await reads.end();
    expect((await pending).rows).toEqual([{ n: 7 }]);
    await expect(reads.query('select 1')).rejects.toThrow('closed');
  });
});

describeWithDatabases('preparedRead', ({ kind, database }) => {
  it('reads what the pool wrote just before, with the database connection settings', async () => {
    const db = database().db;
    const code = randomBytes(3).toString('hex').toUpperCase();
    const [user] = await db.insert(users).values({ referralCode: code }).returning({ id: users.id });
    const [row] = await selectCode(db, { id: user!.id });
    expect(row!.code).toBe(code);
    if (kind === 'postgres') {
      expect(readDatabaseOf(db)).not.toBe(db);
      expect(row!.jit).toBe('off');
      expect(row!.timeout).toBe('5s');
    } else {
      expect(readDatabaseOf(db)).toBe(db);
    }
    await db
      .update(users)
      .set({ referralCode: `${code.slice(0, 5)}X` })
      .where(eq(users.id, user!.id));
    expect((await selectCode(db, { id: user!.id }))[0]!.code).toBe(`${code.slice(0, 5)}X`);
  });
});

describe.runIf(onPostgres)('createDatabase without pipelined reads [postgres]', () => {
  it('sends the hot reads through the pool', async () => {
    const database = await createTestDatabase('postgres', { migrate: false });
    const address = new URL(TEST_POSTGRES_URL);
    address.pathname = `/${database.name}`;
    const handle = await createDatabase({ databaseUrl: address.toString(), pipelinedReadConnections: 0 });
    try {
      expect(readDatabaseOf(handle.db)).toBe(handle.db);
    } finally {
      await handle.close();
      await database.close();
    }
  });
});
