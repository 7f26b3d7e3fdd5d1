import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Deployments } from '@ojo/contracts/deployments';
import type { User } from '@ojo/db/schema/users';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '@ojo/db/testing';
import { type AnvilHandle, startAnvil } from '@ojo/devnet/anvil';
import { createDevnetPublicClient } from '@ojo/devnet/clients';
import { deployContracts } from '@ojo/devnet/deploy';
import { findFreePort } from '@ojo/devnet/ports';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, closedPortUrl, TEST_SAAS_ID } from '../helpers';
import { type ApiProcess, startApiProcess } from './api-process';

export interface ApiNodes {
  /** The anvil all nodes write to (its own port and data folder). */
  readonly anvil: AnvilHandle;
  readonly deployments: Deployments;
  /** The PostgreSQL database all nodes share (a fresh one per test file). */
  readonly database: TestDatabase;
  /** Every node started, so the file's end stops the ones a test left running. */
  readonly nodes: ApiProcess[];
  client(): ReturnType<typeof createDevnetPublicClient>;
  rpc(method: string, params?: unknown[]): Promise<unknown>;
  /** Starts a real API process on the shared database and chain; `extra` adds to (or overrides) its environment. */
  startNode(extra?: Record<string, string>): Promise<ApiProcess>;
  /** POSTs `body` as JSON to `node` as `user` (a session token signed with the nodes' secret). */
  post(node: ApiProcess, url: string, user: User, body: unknown): Promise<Response>;
}

/**
 * Real API processes on one PostgreSQL database and one anvil (ARCHITECTURE.md (Production and scale)), for a `describe` that kills and
 * restarts nodes: registers its beforeAll (anvil, contracts, database, a token-issuing app that runs no jobs) and
 * afterAll (every node killed, then the rest removed). Ports and the data folder are the run's own.
 */
export function useApiNodes(options: { name: string; env?: Record<string, string> }): ApiNodes {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ojo-${options.name}-`));
  const jwtSecret = randomBytes(32).toString('hex');
  let anvil: AnvilHandle | undefined;
  let deployments: Deployments | undefined;
  let database: TestDatabase | undefined;
  let tokens: Awaited<ReturnType<typeof buildTestApp>>['app'] | undefined;
  const nodes: ApiProcess[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready (use it inside a test)`);
    return value;
  };

  beforeAll(async () => {
    anvil = await startAnvil({ dataDir, port: await findFreePort() });
    deployments = await deployContracts({ rpcUrl: anvil.rpcUrl, dataDir });
    database = await createTestDatabase('postgres');
    // Issues session tokens for the players (same secret as the nodes); runs no jobs itself.
    ({ app: tokens } = await buildTestApp(database, { JWT_SECRET: jwtSecret, JOB_RUNNER: 'false' }));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
    await tokens?.close();
    await database?.close();
    await anvil?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const harness: ApiNodes = {
    get anvil() {
      return ready(anvil, 'anvil');
    },
    get deployments() {
      return ready(deployments, 'the deployments');
    },
    get database() {
      return ready(database, 'the database');
    },
    nodes,
    client: () => createDevnetPublicClient(harness.anvil.rpcUrl),
    rpc: (method, params = []) => harness.client().request({ method, params } as never),
    async startNode(extra = {}) {
      const node = await startApiProcess({
        DATABASE_URL: Object.assign(new URL(TEST_POSTGRES_URL), {
          pathname: `/${harness.database.name}`,
        }).toString(),
        DATA_DIR: dataDir,
        CHAIN_RPC_URL: harness.anvil.rpcUrl,
        BUNDLER_URL: await closedPortUrl(),
        JWT_SECRET: jwtSecret,
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        JOB_POLL_INTERVAL_MS: '100',
        ...options.env,
        ...extra,
      });
      nodes.push(node);
      return node;
    },
    async post(node, url, user, body) {
      return fetch(`${node.url}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          saas_id: TEST_SAAS_ID,
          jwt_token: await ready(tokens, 'the token app').issueSessionToken(user.id),
        },
        body: JSON.stringify(body),
      });
    },
  };
  return harness;
}
