/**
 * Writes the API's OpenAPI document (what /docs/json serves) to the path on the command line, without listening:
 * the app is built on an in-memory database with every optional route on (the devnet explorer),
 * so the check in scripts/openapi.test.mjs sees every operation a deployment can serve.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '@ojo/db/client';
import { migrateDatabase } from '@ojo/db/migrate';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';

const target = process.argv[2];
if (!target) {
  console.error('usage: tsx apps/api/scripts/openapi-document.ts <file.json>');
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'ojo-openapi-'));
const config = loadConfig(
  {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // Nothing is called: no chain, no indexer, no rounds.
    CHAIN_RPC_URL: 'http://127.0.0.1:9',
    BUNDLER_URL: 'http://127.0.0.1:9',
    INDEXER_ENABLED: 'false',
    BADGE_MINT_WATCH_INTERVAL_MS: '0',
    GAME_SCHEDULER: 'false',
  },
  { isLocalDevnet: true, reason: 'the document lists the devnet-only routes too' },
);
const database = await createDatabase({ inMemory: true });
await migrateDatabase(database);
const app = await buildApp(config, { database });
await app.ready();
writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
