/**
 * `npm run verify:season -- <season id>` (ARCHITECTURE.md (The coin race) "Provably fair"): fetches a settled season's
 * published settlement from the API (GET /seasons/{id}/verify) and recomputes it from that data alone with the
 * domain's `verifySeason`: the draw commitment published when the season opened and the revealed seed, the tickets
 * from the stakes, every ladder move, the draw winners, every rank and draw prize, and that prizes plus what stayed
 * in the pool equal the pool. Prints each check; exits 1 when any fails. `--file <path>` checks a saved document
 * instead (no network); `--api <url>` (or OJO_API_URL) names the API, default http://127.0.0.1:3001; SAAS_ID is sent
 * as the API's saas_id header (default ojo-arena).
 */
import { getSeasonVerifyRoute, publishedSeason } from '@ojo/api-contract/game/http';
import { verifySeason } from '@ojo/domain/game/season/verify';
import { readPublishedDocument } from './published-document';

const document = publishedSeason.safeParse(
  await readPublishedDocument(
    getSeasonVerifyRoute,
    'npm run verify:season -- <season id> [--api <url>] | --file <published.json>',
  ),
);
if (!document.success) {
  console.error(`not a published season: ${document.error.message}`);
  process.exit(1);
}
const report = verifySeason(document.data);
console.log(
  `season ${document.data.seasonId} (settled at ${new Date(document.data.settledAtMs).toISOString()})`,
);
for (const check of report.checks)
  console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.currency ?? '-'} ${check.check}: ${check.detail}`);
for (const entry of document.data.currencies)
  console.log(
    `${entry.currency}: pool ${entry.pool}, draw winners ${entry.drawWinners.map((w) => w.playerId).join(', ') || 'none'}`,
  );
console.log(report.valid ? 'VALID: the published settlement recomputes from its own data' : 'INVALID');
process.exit(report.valid ? 0 : 1);
