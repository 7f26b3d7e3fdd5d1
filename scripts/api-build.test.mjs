// The API as production runs it: built by apps/api/scripts/build.mjs and started by plain `node` (no TypeScript
// loader) from another working directory, with NODE_ENV=production, a fresh data folder and the embedded PGlite.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { repoRoot, waitFor } from './lib/stack.mjs';

// Inside apps/api, as dist is: Node finds the external npm packages from there.
const outdir = 'dist-build-test';
const apiDir = join(repoRoot, 'apps/api');
const dataDir = mkdtempSync(join(tmpdir(), 'ojo-api-build-'));
let server;
after(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(join(apiDir, outdir), { recursive: true, force: true });
});

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

test('the built API starts with plain node, migrates a fresh database and answers', {
  timeout: 120_000,
}, async () => {
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], { cwd: apiDir, stdio: 'pipe' });

  const port = await freePort();
  const identityKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  // Production refuses to start without its secrets; no chain answers on port 9, so health reports it down.
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    API_PORT: String(port),
    JWT_SECRET: randomBytes(32).toString('hex'),
    IDENTITY_PRIVATE_JWK: JSON.stringify(identityKey),
    API_SIGNER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
    CHAIN_RPC_URL: 'http://127.0.0.1:9',
    BUNDLER_URL: 'http://127.0.0.1:9',
    INDEXER_ENABLED: 'false',
  };
  server = spawn(process.execPath, [join(apiDir, outdir, 'server.js')], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));

  const health = () => fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
  await waitFor('the built API', async () => (await health()).status > 0, {
    timeoutMs: 90_000,
    isAlive: () => server.exitCode === null,
  }).catch((error) => assert.fail(`${error.message}\n${output}`));
  const body = await (await health()).json();
  assert.equal(body.database.ok, true, 'the migrated database answers');
  assert.equal(body.chain.ok, false);
  const docs = await fetch(`http://127.0.0.1:${port}/docs/json`);
  assert.equal(docs.status, 200, 'the OpenAPI document is served');

  server.kill('SIGTERM');
  assert.equal(await exited, 0, `the API stops cleanly on SIGTERM\n${output}`);
});
