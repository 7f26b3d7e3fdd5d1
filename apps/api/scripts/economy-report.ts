/**
 * `npm run economy:report`: asks the running API for the economy report (GET /operator/economy/report) and prints
 * it: the treasury's ETH in and out, the OJO outstanding and what redeeming it would cost, the paymaster's spend
 * against its budget, refunds, and every check against the chain. Exits 1 when any check fails, 2 when the report
 * cannot be read. The token: OPERATOR_TOKEN, or the one the API keeps in DATA_DIR/operator-token (default .data);
 * the API: `--api <url>` or OJO_API_URL, default http://127.0.0.1:3001. `--json` prints the report as JSON.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EconomyReport, economyReport } from '@ojo/api-contract/economy';
import { formatEther } from 'viem';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function operatorToken(): string {
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN;
  const file = path.join(process.env.DATA_DIR ?? path.join(repoRoot, '.data'), 'operator-token');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`no OPERATOR_TOKEN and no ${file}: start the API once, or set OPERATOR_TOKEN`);
  }
}

async function fetchReport(): Promise<EconomyReport> {
  const api = (option('--api') ?? process.env.OJO_API_URL ?? 'http://127.0.0.1:3001').replace(/\/$/, '');
  const url = `${api}/operator/economy/report`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${operatorToken()}` } });
  const body = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return economyReport.parse(body);
}

const eth = (wei: string) => `${formatEther(BigInt(wei))} ETH`;

function print(report: EconomyReport) {
  const { treasury, ojo, paymaster } = report;
  console.log(`economy report, chain ${report.chainId} at block ${report.blockNumber}`);
  console.log(`${new Date(report.generatedAt).toISOString()}\n`);
  console.log(`treasury ${treasury.address}: balance ${eth(treasury.balanceWei)}`);
  console.log(`  received for ${treasury.ordersCredited} credited orders   ${eth(treasury.receivedWei)}`);
  console.log(`  paid to ${treasury.redemptionsPaid} redemptions              ${eth(treasury.paidWei)}`);
  console.log(`  owed to pending redemptions          ${eth(treasury.pendingPayoutWei)}`);
  console.log(`  margin (received - paid - owed)      ${eth(treasury.marginWei)}`);
  console.log(
    `  refunded (${treasury.refundsSent} sent, ${treasury.refundsPending} pending)   ${eth(treasury.refundedWei)}; dust kept ${eth(treasury.keptDustWei)}`,
  );
  console.log(`  gas of the treasury's transactions   ${eth(treasury.gasWei)}\n`);
  console.log(`OJO outstanding ${ojo.outstanding} (+ ${ojo.pendingRedemption} in pending redemptions)`);
  console.log(
    `  redeeming it all now would pay       ${ojo.redeemCostWei === null ? 'unknown (no current price)' : eth(ojo.redeemCostWei)}`,
  );
  console.log(`  cost basis held by players           ${eth(ojo.costBasisWei)}\n`);
  console.log(`paymaster ${paymaster.address}: deposit ${eth(paymaster.depositWei)}`);
  console.log(`  spent in the last 24 h  ${eth(paymaster.spentLastDayWei)} of ${eth(paymaster.budgetWei)}`);
  console.log(
    `  spent in total          ${eth(paymaster.spentTotalWei)} in ${paymaster.operations} operations\n`,
  );
  for (const check of report.checks)
    console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  console.log(report.ok ? '\nRECONCILED: every figure matches the chain' : '\nMISMATCH: see FAIL above');
}

try {
  const report = await fetchReport();
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else print(report);
  process.exit(report.ok ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
