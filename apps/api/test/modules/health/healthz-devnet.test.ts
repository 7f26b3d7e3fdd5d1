import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { type Devnet, startDevnet } from '@ojo/devnet/devnet';
import { ENTRY_POINT_V08_ADDRESS } from '@ojo/devnet/entrypoint';
import { findFreePort } from '@ojo/devnet/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

// Integration: a real anvil and alto on free ports. One database kind is enough; the chain checks are the subject.
describe('GET /healthz against a running devnet', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ojo-api-devnet-'));
  let devnet: Devnet | undefined;
  let database: TestDatabase | undefined;
  let app: TestApp | undefined;

  beforeAll(async () => {
    devnet = await startDevnet({
      dataDir,
      chainPort: await findFreePort(),
      bundlerPort: await findFreePort(),
      stopOnSignals: false,
    });
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database, {
      CHAIN_RPC_URL: devnet.rpcUrl,
      BUNDLER_URL: devnet.bundlerUrl,
      HEALTH_TIMEOUT_MS: '5000',
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 200 ok with chain id 11124 and the EntryPoint v0.8', async () => {
    const response = await app!.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      status: 'ok',
      database: { ok: true },
      chain: { ok: true, chainId: 11124 },
    });
    expect(report.bundler.ok).toBe(true);
    expect(report.bundler.entryPoints.map((address: string) => address.toLowerCase())).toContain(
      ENTRY_POINT_V08_ADDRESS.toLowerCase(),
    );
  });

  it('reports a chain with another id as not ok', async () => {
    const { app: otherChainApp } = await buildTestApp(database!, {
      CHAIN_RPC_URL: devnet!.rpcUrl,
      BUNDLER_URL: devnet!.bundlerUrl,
      CHAIN_ID: '1',
    });
    try {
      const response = await otherChainApp.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().chain).toEqual({ ok: false, chainId: 11124 });
    } finally {
      await otherChainApp.close();
    }
  });
});
