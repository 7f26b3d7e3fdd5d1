/**
 * One API process for `npm run bench:api` (scripts/bench-api.mjs): opens the database named by the environment
 * (DATABASE_URL, or PGlite in DATA_DIR), migrates it, seeds a player and whatever the hot calls read, listens on a free
 * port and prints one JSON line: the port and the hot calls to drive, each with the statements one request of it sends
 * to the database. The API is built exactly as server.ts builds
 * it; only the chain is not asked (hot reads never touch it) and the global rate limit is lifted, since the load
 * comes from one address.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createDatabase, type DatabaseHandle } from '@ojo/db/client';
import { migrateDatabase } from '@ojo/db/migrate';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { type HotCall, seedHotCalls } from './hot-calls';

/**
 * The statements one request of `call` sends to the database, counted on the driver once the call is warm (a first
 * request may prepare or complete things once): what the table prints beside the call's figures.
 */
async function countQueries(database: DatabaseHandle, app: FastifyInstance, call: HotCall): Promise<number> {
  const driver = database.driver;
  // node-postgres: every statement, pooled or in a transaction, goes through its Client class's query.
  const target =
    driver.kind === 'postgres'
      ? (driver.client as unknown as { Client: { prototype: CountedClient } }).Client.prototype
      : (driver.client as unknown as CountedClient);
  const request = () =>
    app.inject({
      method: call.method,
      url: call.path,
      headers: { ...call.headers, [COUNT_HEADER]: '1' },
      ...(call.body ? { payload: call.body } : {}),
    });
  await request();
  const original = target.query;
  let count = 0;
  target.query = function counted(this: unknown, ...args: unknown[]) {
    if (countedRequest.getStore()) count += 1;
    return original.apply(this, args);
  };
  // Jobs and schedulers query the same database in the background: only the statements of a request marked by
  // the counting header are counted (the hook in main runs it in `countedRequest`); the fewest of three is kept.
  let fewest = Number.POSITIVE_INFINITY;
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      count = 0;
      const response = await request();
      if (response.statusCode >= 300) {
        process.stderr.write(`${call.name} answered ${response.statusCode}: ${response.body}\n`);
        break;
      }
      fewest = Math.min(fewest, count);
    }
  } finally {
    target.query = original;
  }
  return fewest;
}

/** Set for the rest of a request that carries the counting header (see `countQueries`). */
const countedRequest = new AsyncLocalStorage<true>();
const COUNT_HEADER = 'x-bench-count-queries';

interface CountedClient {
  query: (...args: unknown[]) => unknown;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, { isLocalDevnet: true, reason: 'the API benchmark' });
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  await migrateDatabase(database);
  const app = await buildApp(config, { database });
  // A callback hook: the rest of a marked request runs inside `done`, so in the counted context.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers[COUNT_HEADER]) countedRequest.run(true, done);
    else done();
  });
  await app.ready();
  const seeded = await seedHotCalls(app, config.saasId);
  const calls = [];
  for (const call of seeded) calls.push({ ...call, queries: await countQueries(database, app, call) });
  // An enabled AsyncLocalStorage makes Node 20 run async hooks on every promise of the process (a few per cent of a
  // request's CPU, measured); a real API node has none, so the counting store is off before the load starts.
  countedRequest.disable();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the API did not listen on a port');
  process.stdout.write(`${JSON.stringify({ port: address.port, database: database.kind, calls })}\n`);

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

await main();
