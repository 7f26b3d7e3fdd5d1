/**
 * `npm run console:sign-in`: signs in to the operator console's API (docs/console.md) and prints the operator token,
 * for `curl` and operators' tools until the console's screens exist. It signs the console's SIWE message with
 * OPERATOR_PRIVATE_KEY, or else with a key of its own kept in DATA_DIR/console-operator-key (default .data, mode
 * 0600, made on the first run): on a local stack with no OPERATOR_OWNER_ADDRESSES the first sign-in makes that key's
 * address the owner, so the console works offline. The API: `--api <url>` or OJO_API_URL (default
 * http://127.0.0.1:3001); the console's origin: CONSOLE_ORIGIN (default http://localhost:3005). Exits 1 when the
 * API refuses the sign-in.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleSession } from '@ojo/api-contract/operator';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const KEY_FILE = 'console-operator-key';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** OPERATOR_PRIVATE_KEY, or the local key in DATA_DIR (made once, readable by this user only). */
function privateKey(): `0x${string}` {
  if (process.env.OPERATOR_PRIVATE_KEY) return process.env.OPERATOR_PRIVATE_KEY as `0x${string}`;
  const dataDir = process.env.DATA_DIR ?? path.join(repoRoot, '.data');
  const file = path.join(dataDir, KEY_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim() as `0x${string}`;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = generatePrivateKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

async function call(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  const body = (await response.json()) as { data?: unknown };
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function main() {
  const api = (option('--api') ?? process.env.OJO_API_URL ?? 'http://127.0.0.1:3001').replace(/\/$/, '');
  const origin = new URL(process.env.CONSOLE_ORIGIN ?? 'http://localhost:3005').origin;
  const account = privateKeyToAccount(privateKey());
  const { nonce, chainId } = (await call(`${api}/console/session/nonce`)) as {
    nonce: string;
    chainId: number;
  };
  const now = Date.now();
  const message = createSiweMessage({
    address: account.address,
    chainId,
    domain: new URL(origin).host,
    uri: origin,
    nonce,
    version: '1',
    statement: 'Sign in to the operator console',
    issuedAt: new Date(now),
    expirationTime: new Date(now + 5 * 60 * 1000),
  });
  const session = consoleSession.parse(
    await call(`${api}/console/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    }),
  );
  console.log(`operator ${session.operator.address} (${session.operator.role})`);
  console.log(`session ends ${new Date(session.expiresAt).toISOString()}`);
  console.log(`OPERATOR_SESSION_TOKEN=${session.operatorToken}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
