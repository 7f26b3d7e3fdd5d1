import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export type LogFn = (line: string) => void;

export interface ManagedChild {
  readonly name: string;
  readonly process: ChildProcess;
  /** The last lines the child printed, kept for error messages when it fails to start. */
  recentOutput(): string;
  /** Resolves once the child has exited. */
  readonly exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`. Resolves when the child is gone. */
  stop(graceMs?: number): Promise<void>;
}

const RECENT_LINES = 40;

/**
 * Spawns a long-running child, forwards its output line by line to `log`, and arranges that it dies with us:
 * a tiny shell watchdog sends it SIGTERM once this process is gone (even after SIGKILL), and a normal exit of
 * this process sends SIGTERM directly.
 */
export function spawnManaged(name: string, command: string, args: string[], log?: LogFn): ManagedChild {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const recent: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      recent.push(line);
      if (recent.length > RECENT_LINES) recent.shift();
      log?.(`[${name}] ${line}`);
    });
  }

  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      recent.push(String(error));
      resolve(null);
    });
  });

  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);

  const watchdog =
    child.pid === undefined
      ? undefined
      : spawn(
          'sh',
          [
            '-c',
            'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done; kill -TERM "$2" 2>/dev/null',
            'watchdog',
            String(process.pid),
            String(child.pid),
          ],
          { stdio: 'ignore', detached: true },
        );
  watchdog?.unref();

  void exited.then(() => {
    process.removeListener('exit', killOnExit);
    if (watchdog && watchdog.exitCode === null) watchdog.kill('SIGKILL');
  });

  return {
    name,
    process: child,
    exited,
    recentOutput: () => recent.join('\n'),
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `probe` until it resolves true, the child exits, or the timeout passes. */
export async function waitUntilReady(
  child: ManagedChild,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let hasExited = false;
  void child.exited.then(() => {
    hasExited = true;
  });
  while (Date.now() < deadline) {
    if (hasExited) {
      throw new Error(`${child.name} exited before ${options.what}. Last output:\n${child.recentOutput()}`);
    }
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
  await child.stop();
  throw new Error(
    `${child.name}: ${options.what} not reached within ${options.timeoutMs} ms. Last output:\n${child.recentOutput()}`,
  );
}

/** One JSON-RPC call over HTTP; throws on transport or RPC errors. */
export async function rpcCall<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(2_000),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
