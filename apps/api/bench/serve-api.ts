/**
 * One API process for `npm run bench:api` (scripts/bench-api.mjs): opens the database named by the environment
 * (DATABASE_URL, or PGlite in DATA_DIR), migrates it, seeds a player and whatever the hot calls read, listens on a free
 * port and prints one JSON line: the port and the hot calls to drive. The API is built exactly as server.ts builds
 * it; only the chain is not asked (hot reads never touch it) and the global rate limit is lifted, since the load
 * comes from one address.
 */
import { createDatabase } from '@ojo/db/client';
import { migrateDatabase } from '@ojo/db/migrate';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { seedHotCalls } from './hot-calls';

async function main(): Promise<void> {
  const config = loadConfig(process.env, { isLocalDevnet: true, reason: 'the API benchmark' });
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  await migrateDatabase(database);
  const app = await buildApp(config, { database });
  await app.ready();
  const calls = await seedHotCalls(app, config.saasId);
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
