import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers';
import { bearer } from '../../support/console';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const run = promisify(execFile);

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
let address = '';

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  // A local stack with no owner configured: the first console sign-in becomes the owner (docs/console.md).
  ({ app } = await buildTestApp(database));
  address = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signIn = (dataDir: string) =>
  run('npx', ['tsx', 'apps/api/scripts/console-sign-in.ts', '--api', address], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, OPERATOR_PRIVATE_KEY: '' },
  }).then(
    (done) => ({ code: 0, out: done.stdout, err: done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: error.stdout,
      err: error.stderr,
    }),
  );

it('npm run console:sign-in makes a local key the first owner offline, and prints a working token', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ojo-console-cli-'));
  const first = await signIn(dataDir);
  expect(first.code, first.err).toBe(0);
  const keyFile = path.join(dataDir, 'console-operator-key');
  expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  const owner = privateKeyToAccount(readFileSync(keyFile, 'utf8').trim() as `0x${string}`);
  expect(first.out).toContain(`operator ${owner.address} (owner)`);
  const token = /OPERATOR_SESSION_TOKEN=(\S+)/.exec(first.out)?.[1] ?? '';
  const session = await app.inject({ method: 'GET', url: '/console/session', headers: bearer(token) });
  expect(session.json().data.operator.address).toBe(owner.address);

  // The same key signs in again; another machine's key is no operator.
  expect((await signIn(dataDir)).code).toBe(0);
  const stranger = await signIn(mkdtempSync(path.join(tmpdir(), 'ojo-console-cli-')));
  expect(stranger.code).toBe(1);
  expect(stranger.err).toContain('OPERATOR_UNKNOWN');
}, 120_000);
