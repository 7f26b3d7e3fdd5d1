// `npm test`: every workspace's tests, then the Playwright specs in Chromium against a whole stack started on
// test ports with a fresh data folder. Prints each runner's own summary and one total line at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { freeStackPorts, repoRoot, startStack } from './lib/stack.mjs';

const separator = process.argv.indexOf('--');
const args = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
/** Anything after `--` goes to Playwright, e.g. `node scripts/test.mjs --only=e2e -- auth/session.spec.ts`. */
const playwrightArgs = separator === -1 ? [] : process.argv.slice(separator + 1);
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const workspaces = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).workspaces;
const unitWorkspaces = workspaces.filter((ws) => ws !== 'e2e');

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

/** Reads vitest's "Tests  1 failed | 9 passed (10)", node:test's "# pass 9" and Playwright's "  9 passed (3s)". */
function countSummary(output) {
  const clean = stripVTControlCharacters(output);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const vitestLine = clean.match(/^\s*Tests\s+(.+)$/m);
  const pick = (text, word) => Number(text.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  if (vitestLine) {
    counts.passed = pick(vitestLine[1], 'passed');
    counts.failed = pick(vitestLine[1], 'failed');
    counts.skipped = pick(vitestLine[1], 'skipped') + pick(vitestLine[1], 'todo');
    return counts;
  }
  const nodeTest = (word) => clean.match(new RegExp(`^[#ℹ] ${word} (\\d+)`, 'm'));
  if (nodeTest('pass')) {
    counts.passed = Number(nodeTest('pass')[1]);
    counts.failed = Number(nodeTest('fail')?.[1] ?? 0);
    counts.skipped = Number(nodeTest('skipped')?.[1] ?? 0) + Number(nodeTest('todo')?.[1] ?? 0);
    return counts;
  }
  for (const word of ['passed', 'failed', 'skipped', 'flaky']) {
    const match = clean.match(new RegExp(`^\\s+(\\d+) ${word}`, 'm'));
    if (!match) continue;
    if (word === 'flaky') counts.failed += Number(match[1]);
    else counts[word] += Number(match[1]);
  }
  return counts;
}

const runWorkspaceTests = (workspace, env, extraArgs = []) =>
  runSuite(
    workspace,
    'npm',
    ['test', '--silent', '-w', workspace, ...(extraArgs.length ? ['--', ...extraArgs] : [])],
    env,
  );

function runSuite(name, command, commandArgs, env = process.env) {
  return new Promise((resolve) => {
    console.log(`\n━━ ${name} ━━`);
    const child = spawn(command, commandArgs, {
      cwd: repoRoot,
      env: { ...env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const tee = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        target.write(chunk);
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on('exit', (code) => {
      const counts = countSummary(output);
      for (const key of Object.keys(totals)) totals[key] += counts[key];
      if (code !== 0) {
        failures.push(name);
        if (counts.failed === 0) totals.failed += 1; // a runner that crashed counts as a failure
      }
      resolve();
    });
  });
}

for (const workspace of unitWorkspaces) {
  if (only && !workspace.includes(only)) continue;
  await runWorkspaceTests(workspace);
}

if (!only || 'stack'.includes(only)) {
  await runSuite('stack (npm start, front-end server, built API)', process.execPath, [
    '--test',
    '--test-reporter=spec',
    'scripts/front-end-server.test.mjs',
    'scripts/api-build.test.mjs',
    'scripts/stack.test.mjs',
    'scripts/player-mix.test.mjs',
  ]);
}

if (!only || 'openapi'.includes(only)) {
  await runSuite('openapi (Spectral, OWASP rules, generated client)', process.execPath, [
    '--test',
    '--test-reporter=spec',
    'scripts/openapi.test.mjs',
  ]);
}

if (!only || 'lint'.includes(only)) {
  await runSuite('lint boundaries (biome.json noRestrictedImports)', process.execPath, [
    '--test',
    '--test-reporter=spec',
    'scripts/lint-boundaries.test.mjs',
  ]);
}

/**
 * The stack under e2e, each value overridable from the environment: the race runs short phases, so a spec sees a
 * whole round in seconds, with a small point stake, so a new player's check-in reward pays for two bets;
 * redemptions stay cancellable 45 s before the treasury pays them (e2e/coin cancels one), and need no total bet
 * (e2e/coin redeems OJO it just bought; the API's tests hold the trade limit).
 */
const E2E_STACK_ENV = Object.fromEntries(
  Object.entries({
    GAME_BETTING_MS: '16000',
    GAME_RACE_MS: '6000',
    GAME_RESULTS_MS: '4000',
    GAME_MIN_STAKE_POINT: '2',
    // A loaded test machine may tick the round driver late; a stale-feed void there is a refund, not the race.
    GAME_SNAPSHOT_DEADLINE_MS: '60000',
    WITHDRAW_PAYOUT_DELAY_SECONDS: '45',
    WITHDRAW_TRADE_LIMIT: '0',
  }).map(([name, value]) => [name, process.env[name] ?? value]),
);

if (!only || 'e2e'.includes(only)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ojo-e2e-'));
  const env = { ...process.env, ...E2E_STACK_ENV, ...(await freeStackPorts()), DATA_DIR: dataDir };
  console.log('\n━━ e2e: starting the whole stack on test ports ━━');
  let stack;
  try {
    stack = await startStack({ env, quiet: !process.env.E2E_VERBOSE, distDir: 'dist-e2e', log: console.log });
    const { urls } = stack.config;
    await runWorkspaceTests(
      'e2e',
      {
        ...env,
        E2E_WEB_URL: urls.web,
        E2E_API_URL: urls.api,
        E2E_GAME_URL: urls.game,
        E2E_WALLET_URL: urls.wallet,
        E2E_CHAIN_URL: urls.chain,
        E2E_BUNDLER_URL: urls.bundler,
        E2E_STAND_INS_URL: urls.standIns,
        E2E_DATA_DIR: dataDir,
      },
      playwrightArgs,
    );
  } catch (error) {
    console.error(`e2e stack failed: ${error.message}`);
    failures.push('e2e');
    totals.failed += 1;
  } finally {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\n━━ all tests ━━`);
if (failures.length) console.log(`failing: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
