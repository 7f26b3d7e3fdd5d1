// The pure parts of `npm run bench:players` (scripts/bench-players.mjs): what a simulated player does next, the
// ramp's steps, and the figures of a step. No I/O here, so scripts/player-mix.test.mjs checks them directly.

/** The pages a player reads between bets, picked evenly: the task list, check-in status, point ledger and wallet. */
export const READ_ACTIONS = ['taskList', 'checkInStatus', 'pointLedger', 'walletHistory'];

/** A bet sent later than this before betting closes could meet the closed round: the player waits for the next. */
export const BET_MARGIN_MS = 1500;

/**
 * The action of a player's next turn: one bet per round while its betting is open (and not about to close), else one
 * of READ_ACTIONS. `round` is what the player's socket last said (`{ id, phase, closesAtMs }`, or null).
 */
export function nextAction({ round, lastBetRoundId, nowMs }, random = Math.random) {
  const canBet =
    round !== null &&
    round.phase === 'betting' &&
    round.id !== lastBetRoundId &&
    round.closesAtMs - nowMs > BET_MARGIN_MS;
  if (canBet) return 'bet';
  return READ_ACTIONS[Math.min(READ_ACTIONS.length - 1, Math.floor(random() * READ_ACTIONS.length))];
}

/** The pause before a player's next action: `meanMs` ± `jitterMs`, uniform, so players do not act in step. */
export function thinkTimeMs(meanMs, jitterMs, random = Math.random) {
  return Math.max(0, meanMs + (random() * 2 - 1) * jitterMs);
}

/** The ramp: `first`, then doubling, up to `cap` (the cap itself is the last step even when it is not a doubling). */
export function rampSteps(first, cap) {
  if (!(first >= 1) || !(cap >= first))
    throw new RangeError(`a ramp needs 1 <= first (${first}) <= cap (${cap})`);
  const steps = [];
  for (let players = first; players < cap; players *= 2) steps.push(players);
  steps.push(cap);
  return steps;
}

/** The `p`th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/**
 * One step's figures from its samples: every call's action and latency (`{ action, ms }`), the errors seen and the
 * socket's price lags (ms); `byAction` gives each action's calls and p99, to see which one is slow.
 */
export function summariseStep({ players, seconds, samples, errors, lagsMs }) {
  const latencies = samples.map((sample) => sample.ms);
  const byAction = {};
  for (const action of [...new Set(samples.map((sample) => sample.action))].sort()) {
    const own = samples.filter((sample) => sample.action === action).map((sample) => sample.ms);
    byAction[action] = { calls: own.length, p99: percentile(own, 99) };
  }
  return {
    players,
    calls: latencies.length,
    callsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    lagP99: percentile(lagsMs, 99),
    byAction,
  };
}

/** A step is held when no call or socket failed and the calls' p99 is within the limit. */
export function isHeld(step, p99LimitMs) {
  return step.errors === 0 && step.calls > 0 && step.p99 <= p99LimitMs;
}

/**
 * The most players held: the largest held step. A step above a failed one still counts: on a shared machine one
 * slow moment fails a step, and the table shows every step beside it.
 */
export function mostPlayersHeld(steps, p99LimitMs) {
  return Math.max(0, ...steps.filter((step) => isHeld(step, p99LimitMs)).map((step) => step.players));
}

/** The ramp stops past saturation: a step with errors, or with p99 far over the limit (more players add nothing). */
export function isSaturated(step, p99LimitMs) {
  return step.errors > 0 || !(step.p99 <= 5 * p99LimitMs);
}

const milliseconds = (value) => (Number.isNaN(value) ? '-' : String(Math.round(value)));

/** The side-by-side table: one row per step, each run's p50/p99/errors in its columns (`runs`: label -> steps). */
export function stepTable(runs) {
  const labels = Object.keys(runs);
  const players = [...new Set(labels.flatMap((label) => runs[label].map((step) => step.players)))].sort(
    (a, b) => a - b,
  );
  const header = [
    'players',
    ...labels.flatMap((label) => [`${label} p50`, `${label} p99`, `${label} errors`]),
  ];
  const rows = players.map((count) => [
    String(count),
    ...labels.flatMap((label) => {
      const step = runs[label].find((candidate) => candidate.players === count);
      return step ? [milliseconds(step.p50), milliseconds(step.p99), String(step.errors)] : ['', '', ''];
    }),
  ]);
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index].length)));
  const line = (cells) => `| ${cells.map((cell, index) => cell.padEnd(widths[index])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)];
}
