import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '@ojo/db/client';
import { type NewUser, type User, users } from '@ojo/db/schema/users';
import type { TestDatabase } from '@ojo/db/testing';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config/env';
import type { LocalDevnetCheck } from '../src/config/local-devnet';

/** A URL on 127.0.0.1 where nothing listens: a port the OS just handed out and that was closed again. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export const TEST_SAAS_ID = 'ojo-arena-test';

/**
 * Configuration for tests: a temporary DATA_DIR, a random JWT secret, silent logs, and chain/bundler URLs on closed
 * ports (never the default 8545/4337, where another process may run). `env` overrides any variable.
 */
export async function testConfig(env: Record<string, string> = {}): Promise<AppConfig> {
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ojo-api-')),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SAAS_ID: TEST_SAAS_ID,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      CHAIN_RPC_URL: await closedPortUrl(),
      BUNDLER_URL: await closedPortUrl(),
      HEALTH_TIMEOUT_MS: '500',
      // Tests that follow the chain turn the indexer on; the rest have no chain to follow.
      INDEXER_ENABLED: 'false',
      BADGE_MINT_WATCH_INTERVAL_MS: '0',
      // Tests of the race turn the round scheduler on (or tick it by hand); the rest have no rounds.
      GAME_SCHEDULER: 'false',
      ...env,
    },
    TEST_CHAIN,
  );
}

/**
 * Tests run their own throw-away chain (or none): the devnet's keys, stand-in login and demo data are theirs to use.
 * What the API allows on a chain that is not the local devnet is tested in test/config.
 */
export const TEST_CHAIN: LocalDevnetCheck = { isLocalDevnet: true, reason: 'a test chain' };

/**
 * The API on a test database, not listening; use `app.inject`. Close it in afterAll. `clock` replaces the API's
 * clock (ms since the epoch) for tests that move time.
 */
export async function buildTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: { clock?: () => number } = {},
) {
  const config = await testConfig(env);
  const app = await buildApp(config, { database, ...options });
  return { app, config };
}

const CODE_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** This process's letter in every code it makes: test files of other workers may share a database server. */
const processDigit = CODE_DIGITS[randomBytes(1)[0]! % CODE_DIGITS.length]!;
let userCounter = 0;

/**
 * A referral code no other `insertUser` of this process made: `T`, the process's letter, then a counter in base 62
 * (four digits, 14.7 million codes). The API's files share a worker's modules (`isolate: false`), so the counter
 * runs on across every file of the worker; a random code would meet a birthday collision in a long run.
 */
function nextTestReferralCode(): string {
  userCounter += 1;
  let digits = '';
  for (let rest = userCounter; digits.length < 4; rest = Math.floor(rest / CODE_DIGITS.length))
    digits = CODE_DIGITS[rest % CODE_DIGITS.length] + digits;
  return `T${processDigit}${digits}`;
}

/** Inserts a user with a fresh referral code; `values` override any column. */
export async function insertUser(db: Database, values: Partial<NewUser> = {}): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ referralCode: nextTestReferralCode(), ...values })
    .returning();
  if (!user) throw new Error('user not inserted');
  return user;
}
