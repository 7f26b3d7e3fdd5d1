/**
 * What `verify:round` and `verify:season` share: the published document to check, read from `--file <path>` (no
 * network) or fetched from the API's verify route for the id on the command line (`--api <url>` or OJO_API_URL,
 * default http://127.0.0.1:3001; SAAS_ID as the saas_id header, default ojo-arena). Exits 2 when it cannot be read.
 */
import { readFileSync } from 'node:fs';
import { routePath } from '@ojo/api-contract/game/http';

type VerifyRoute = { readonly path: string };

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function load(route: VerifyRoute, usage: string): Promise<unknown> {
  const file = option('--file');
  if (file) return JSON.parse(readFileSync(file, 'utf8'));
  const id = process.argv
    .slice(2)
    .find((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
  if (!id) throw new Error(`usage: ${usage}`);
  const api = (option('--api') ?? process.env.OJO_API_URL ?? 'http://127.0.0.1:3001').replace(/\/$/, '');
  const url = `${api}${routePath(route, { id })}`;
  const response = await fetch(url, { headers: { saas_id: process.env.SAAS_ID ?? 'ojo-arena' } });
  const body = (await response.json()) as { success?: boolean; data?: unknown; message?: string };
  if (!response.ok || !body.success) throw new Error(`${url}: ${response.status} ${body.message ?? ''}`);
  return body.data;
}

export function readPublishedDocument(route: VerifyRoute, usage: string): Promise<unknown> {
  return load(route, usage).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  });
}
