import { createDatabase } from '@ojo/db/client';
import { migrateDatabase } from '@ojo/db/migrate';
import { runSeeds } from '@ojo/db/seed';
import { buildApp } from './app';
import { ConfigError, checkConfiguredChain, loadConfig } from './config/env';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  // Whatever this process writes (database files, local keys) is the owner's only.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    // The devnet's keys, stand-in login and demo data are allowed only when the chain is the local devnet.
    config = loadConfig(process.env, await checkConfiguredChain(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  await migrateDatabase(database);
  if (config.seedDemoData) await runSeeds(database.db);

  const app = await buildApp(config, { database });

  let isShuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  app.log.info(
    {
      database: database.kind,
      docs: `http://${config.host}:${config.port}/docs`,
      localDevnet: config.localDevnet.isLocalDevnet,
      chain: config.localDevnet.reason,
    },
    `${config.productName} API ready`,
  );
}

await main();
