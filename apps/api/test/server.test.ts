import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPortUrl } from './helpers';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * The server as `npm start` runs it: node with tsx's loader. (The tsx CLI would add a process that relays SIGTERM
 * and, when the server does not acknowledge it within 30 ms on a loaded machine, kills it with SIGKILL: exit 143.)
 */
const serverCommand = [process.execPath, ['--import', 'tsx', 'src/server.ts']] as const;

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    try {
      return await fetch(url, { signal: AbortSignal.timeout(2000) });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error('server did not answer in time');
}

describe('server.ts', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ojo-server-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start with invalid configuration and says why', async () => {
    const child = spawn(serverCommand[0], [...serverCommand[1]], {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        API_PORT: 'not-a-port',
        NODE_ENV: 'production',
        JWT_SECRET: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid API configuration');
    expect(stderr).toContain('API_PORT');
    expect(stderr).toContain('JWT_SECRET: required when NODE_ENV=production');
  });

  it("refuses the devnet's key and demo data when the chain is not the local devnet", async () => {
    const child = spawn(serverCommand[0], [...serverCommand[1]], {
      cwd: apiRoot,
      // Without NODE_ENV, as the deployment of the finding ran.
      env: {
        ...withoutNodeEnv(process.env),
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        CHAIN_RPC_URL: 'http://chain.invalid:8545',
        API_SIGNER_PRIVATE_KEY: '',
        SEED_DEMO_DATA: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const notDevnet = 'the chain is not the local devnet: http://chain.invalid:8545 is not on this machine';
    for (const problem of [
      `SEED_DEMO_DATA: demo data is seeded only on the local devnet (${notDevnet})`,
      `API_SIGNER_PRIVATE_KEY: required, the devnet key is for the local devnet only (${notDevnet})`,
    ]) {
      expect(stderr).toContain(problem);
    }
  });

  it("migrates, serves, and exits 0 on SIGTERM; its data folder is the owner's only", async () => {
    // A data folder left open to everyone by an older run.
    chmodSync(dataDir, 0o777);
    const freePort = Number(new URL(await closedPortUrl()).port);
    const child = spawn(serverCommand[0], [...serverCommand[1]], {
      cwd: apiRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        API_PORT: String(freePort),
        HOST: '127.0.0.1',
        JWT_SECRET: randomBytes(32).toString('hex'),
        // No chain answers, so it is not the local devnet: the API needs a key of its own.
        API_SIGNER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
        CHAIN_RPC_URL: await closedPortUrl(),
        BUNDLER_URL: await closedPortUrl(),
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    try {
      const health = await waitForHealth(`http://127.0.0.1:${freePort}/healthz`, child, 150_000);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { database: { ok: boolean } }).database.ok).toBe(true);
      // Database files, local keys and folders: nobody but the owner may read or change them.
      expect(modesUnder(dataDir)).toEqual({ dirs: [0o700], files: [0o600] });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});

/** The distinct permission bits of the folders and of the files under `root` (itself included). */
function modesUnder(root: string): { dirs: number[]; files: number[] } {
  const dirs = new Set<number>();
  const files = new Set<number>();
  const walk = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isDirectory()) {
      dirs.add(stat.mode & 0o777);
      for (const child of readdirSync(entry)) walk(path.join(entry, child));
    } else if (stat.isFile()) {
      files.add(stat.mode & 0o777);
    }
  };
  walk(root);
  return { dirs: [...dirs].sort(), files: [...files].sort() };
}

function withoutNodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _nodeEnv, ...rest } = env;
  return rest;
}
