/**
 * `npm run verify:round -- <round id>` (ARCHITECTURE.md (The coin race) "Provably fair"): fetches a settled round's
 * published document from the API (GET /games/battle/{id}/verify) and recomputes its result from that data alone
 * with the domain's `verifyRound`: the commitment published before betting, the revealed seed, the snapshots the
 * seed gives, every bet, the winners, the books and every payout or refund. Prints each check; exits 1 when any
 * fails. `--file <path>` checks a saved document instead (no network); `--api <url>` (or OJO_API_URL) names the
 * API, default http://127.0.0.1:3001; SAAS_ID is sent as the API's saas_id header (default ojo-arena).
 */
import { publishedDashRound } from '@ojo/api-contract/game/dash';
import { getBattleVerifyRoute } from '@ojo/api-contract/game/http';
import { verifyRound } from '@ojo/domain/game/dash/verify';
import { readPublishedDocument } from './published-document';

const document = publishedDashRound.safeParse(
  await readPublishedDocument(
    getBattleVerifyRoute,
    'npm run verify:round -- <round id> [--api <url>] | --file <published.json>',
  ),
);
if (!document.success) {
  console.error(`not a published round: ${document.error.message}`);
  process.exit(1);
}
const report = verifyRound(document.data);
console.log(`round ${document.data.terms.roundId} (commitment ${document.data.commitment})`);
for (const check of report.checks)
  console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.check}: ${check.detail}`);
if (report.recomputed?.kind === 'settled') console.log(`winners: ${report.recomputed.winners.join(', ')}`);
console.log(report.valid ? 'VALID: the published result recomputes from its own data' : 'INVALID');
process.exit(report.valid ? 0 : 1);
