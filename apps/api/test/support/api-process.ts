import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@ojo/devnet/ports';
import { expect } from 'vitest';
import { TEST_SAAS_ID } from '../helpers';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** The last lines it printed (for failure messages). */
  output(): string;
  /** SIGTERM (a clean stop) or SIGKILL (a crash); resolves once it exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A real API node: `node --import tsx src/server.ts` (one process, so SIGKILL kills the server itself) on a free
 * port with `env`, ready once it answers a product call.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      API_PORT: String(port),
      SAAS_ID: TEST_SAAS_ID,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      lines.splice(0, Math.max(0, lines.length - 60));
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const api: ApiProcess = {
    url,
    child,
    output: () => lines.join('\n'),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null)
          throw new Error(`the API exited with ${child.exitCode}:\n${api.output()}`);
        const response = await fetch(`${url}/profile/whitelist`, {
          headers: { saas_id: TEST_SAAS_ID },
        }).catch(() => undefined);
        return response?.status;
      },
      { timeout: 120_000, interval: 250, message: 'the API process did not start' },
    )
    .toBe(200);
  return api;
}
