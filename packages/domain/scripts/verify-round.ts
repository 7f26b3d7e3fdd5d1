/**
 * Recomputes a published Dash round from its own data (ARCHITECTURE.md (The coin race), provably fair) and says whether it holds.
 *
 *   npm run verify:round -w @ojo/domain -- <file.json | http(s) URL>
 *
 * The input is the published round (`GET /games/battle/{id}/verify`), bare or inside the API's
 * `{success, code, message, data}` envelope. Nothing but the document is used: no database, no API secret.
 * Exit code 0 when every check passes, 1 when one fails, 2 when the input cannot be read.
 */
import { readFile } from 'node:fs/promises';
import { type PublishedDashRound, verifyRound } from '../src/game/dash/verify';

async function load(source: string): Promise<unknown> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return response.json();
  }
  return JSON.parse(await readFile(source, 'utf8'));
}

async function main(): Promise<number> {
  const source = process.argv[2];
  if (!source) {
    console.error('usage: verify-round <published round .json file or URL>');
    return 2;
  }
  let document: unknown;
  try {
    document = await load(source);
  } catch (error) {
    console.error(`cannot read ${source}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const body = document as { data?: unknown };
  const published = (
    body && typeof body === 'object' && 'data' in body ? body.data : document
  ) as PublishedDashRound;
  const report = verifyRound(published);
  console.log(`round ${String(published?.terms?.roundId ?? '?')}: ${report.valid ? 'VALID' : 'INVALID'}`);
  for (const check of report.checks)
    console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.check.padEnd(10)} ${check.detail}`);
  if (report.recomputed?.kind === 'settled')
    console.log(`  winners: ${report.recomputed.winners.join(', ')}`);
  if (report.recomputed?.kind === 'void')
    console.log(`  called off (${report.recomputed.reason}): every bet refunded`);
  return report.valid ? 0 : 1;
}

process.exitCode = await main();
