import type { HealthReport } from '@ojo/api-contract/health';
import { type Database, queryRows } from '@ojo/db/client';
import { sql } from '@ojo/db/sql';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env';
import { callJsonRpc } from '../../lib/json-rpc';

function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(db: Database, timeoutMs: number): Promise<HealthReport['database']> {
  const rows = await withTimeout(queryRows<{ ok: number }>(db, sql`select 1 as ok`), timeoutMs, 'database');
  return { ok: rows[0]?.ok === 1 };
}

async function checkChain(config: AppConfig): Promise<HealthReport['chain']> {
  const chainIdHex = await callJsonRpc<string>(
    config.chain.rpcUrl,
    'eth_chainId',
    [],
    config.healthTimeoutMs,
  );
  const chainId = Number.parseInt(chainIdHex, 16);
  // A node on another chain is reachable but wrong for us.
  return { ok: chainId === config.chain.chainId, chainId: Number.isNaN(chainId) ? null : chainId };
}

async function checkBundler(config: AppConfig): Promise<HealthReport['bundler']> {
  const entryPoints = await callJsonRpc<string[]>(
    config.bundlerUrl,
    'eth_supportedEntryPoints',
    [],
    config.healthTimeoutMs,
  );
  return { ok: Array.isArray(entryPoints) && entryPoints.length > 0, entryPoints };
}

/** Checks the database, the chain and the bundler in parallel; each failure is logged and reported, not thrown. */
export async function checkHealth(
  db: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<HealthReport> {
  const [database, chain, bundler] = await Promise.all([
    checkDatabase(db, config.healthTimeoutMs).catch((error: unknown) => {
      log.warn({ reason: (error as Error).message }, 'health: database check failed');
      return { ok: false };
    }),
    checkChain(config).catch((error: unknown) => {
      log.warn({ reason: (error as Error).message }, 'health: chain check failed');
      return { ok: false, chainId: null };
    }),
    checkBundler(config).catch((error: unknown) => {
      log.warn({ reason: (error as Error).message }, 'health: bundler check failed');
      return { ok: false, entryPoints: [] };
    }),
  ]);
  const isHealthy = database.ok && chain.ok && bundler.ok;
  return { status: isHealthy ? 'ok' : 'degraded', database, chain, bundler };
}
