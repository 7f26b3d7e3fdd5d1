#!/usr/bin/env node
// `npm run bench:players`: how many players one API node holds, beside the same run on the previous commit.
// Two checkouts (a temporary git worktree of `--before`, default HEAD~1, and this one) each get the API built and
// run as production runs it (apps/api/scripts/build.mjs, plain `node`, NODE_ENV=production), a fresh PostgreSQL
// database, short race phases and signed-in players (scripts/lib/bench-checkout.mjs). Then players ramp up in steps,
// each step measured on one node and then the other (the order alternates), so a host whose speed drifts over
// minutes weighs on both alike. Each player holds the race's WebSocket and, every few seconds, does one action: a
// bet once per round while betting is open, else a read of its task list, check-in status, point ledger or wallet
// history (scripts/lib/simulated-player.mjs, scripts/lib/player-mix.mjs).
// A step is held at p99 <= 200 ms with no error; a node's figure is its largest held step. A node's ramp stops at
// errors or at a p99 far over the limit. The load generator runs in this process: its event-loop delay is printed,
// so a saturated generator is not taken for a slow API.
// Options: --max-players=<n> (default 400), --first=<n> (25), --step-seconds=<s> (20), --warmup-seconds=<s> (10),
// --think-ms=<ms> (3000, ± a third), --before=<git ref> (HEAD~1; `none` measures this checkout alone).
// Only stable public routes and the socket are driven, so an older commit runs the same load.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { addWorktree, cleanUp, prepareCheckout } from './lib/bench-checkout.mjs';
import { isSaturated, mostPlayersHeld, rampSteps, stepTable, summariseStep } from './lib/player-mix.mjs';
import { createRecorder, startPlayer } from './lib/simulated-player.mjs';
import { repoRoot } from './lib/stack.mjs';

const options = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => {
      const [key, value] = arg.slice(2).split('=');
      return [key, value ?? 'true'];
    }),
);
const MAX_PLAYERS = Number(options['max-players'] ?? 400);
const FIRST_STEP = Math.min(Number(options.first ?? 25), MAX_PLAYERS);
const STEP_SECONDS = Number(options['step-seconds'] ?? 20);
const WARMUP_SECONDS = Number(options['warmup-seconds'] ?? 10);
const THINK_MS = Number(options['think-ms'] ?? 3000);
const BEFORE = options.before ?? 'HEAD~1';
const P99_LIMIT_MS = 200;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` of the node's players on it for a warm-up and a measured window; answers the window's figures. */
async function measureStep(node, count) {
  const recorder = createRecorder();
  const warmupErrors = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const running = node.players
    .slice(0, count)
    .map((player) => startPlayer(node.url, player, recorder, THINK_MS));
  try {
    await Promise.all(running.map((player) => player.ready));
    await sleep(WARMUP_SECONDS * 1000);
    // The warm-up's latencies are dropped, not its errors: a socket that failed to join fails the step.
    warmupErrors.push(...recorder.take().errors);
    loopDelay.enable();
    await sleep(STEP_SECONDS * 1000);
  } finally {
    loopDelay.disable();
    for (const player of running) player.stop();
  }
  const { errors: windowErrors, ...samples } = recorder.take();
  const errors = [...warmupErrors, ...windowErrors];
  const step = summariseStep({ players: count, seconds: STEP_SECONDS, errors: errors.length, ...samples });
  const actions = Object.entries(step.byAction).map(([action, { p99 }]) => `${action} ${Math.round(p99)}`);
  console.log(
    `[${node.label}] ${count} players: ${step.calls} calls (${step.callsPerSecond.toFixed(1)}/s), ` +
      `p50 ${Math.round(step.p50)} ms, p99 ${Math.round(step.p99)} ms, ${step.errors} errors; ` +
      `price lag p99 ${Math.round(step.lagP99)} ms; generator event-loop delay p99 ` +
      `${Math.round(loopDelay.percentile(99) / 1e6)} ms\n    p99 by action (ms): ${actions.join(', ')}`,
  );
  if (errors.length > 0) {
    for (const error of [...new Set(errors)].slice(0, 5)) console.log(`    ${error}`);
    // The API logs at warn: its last lines usually say what went wrong.
    for (const line of node.output().trim().split('\n').slice(-5))
      console.log(`    api: ${line.slice(0, 300)}`);
  }
  return step;
}

async function main() {
  const nodes = [];
  if (BEFORE !== 'none') {
    nodes.push({
      label: `before (${BEFORE})`,
      ...(await prepareCheckout('before', addWorktree(BEFORE), MAX_PLAYERS)),
    });
  }
  nodes.push({ label: 'now', ...(await prepareCheckout('now', repoRoot, MAX_PLAYERS)) });
  const runs = Object.fromEntries(nodes.map((node) => [node.label, []]));
  const saturated = new Set();
  for (const [index, count] of rampSteps(FIRST_STEP, MAX_PLAYERS).entries()) {
    const order = index % 2 === 0 ? nodes : [...nodes].reverse();
    for (const node of order.filter((candidate) => !saturated.has(candidate))) {
      const step = await measureStep(node, count);
      runs[node.label].push(step);
      if (isSaturated(step, P99_LIMIT_MS)) saturated.add(node);
    }
  }
  console.log('');
  for (const line of stepTable(runs)) console.log(line);
  for (const [label, steps] of Object.entries(runs)) {
    console.log(
      `${label}: ${mostPlayersHeld(steps, P99_LIMIT_MS)} players held (p99 <= ${P99_LIMIT_MS} ms, no error)`,
    );
  }
  console.log(
    `\nEach player: the race socket, one action every ${THINK_MS} ms ± a third, a bet once per round. ` +
      `${STEP_SECONDS} s measured per step after ${WARMUP_SECONDS} s of warm-up. The load generator shares the ` +
      "machine with the API: compare the nodes of one invocation, not figures from another day's.",
  );
}

process.on('SIGINT', () => {
  cleanUp().finally(() => process.exit(130));
});
try {
  await main();
} finally {
  await cleanUp();
}
