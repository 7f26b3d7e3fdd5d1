// The pure parts of `npm run bench:players`: what a player does next, the ramp, and a step's figures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  isHeld,
  isSaturated,
  mostPlayersHeld,
  nextAction,
  percentile,
  READ_ACTIONS,
  rampSteps,
  stepTable,
  summariseStep,
  thinkTimeMs,
} from './lib/player-mix.mjs';

const betting = { id: 'r1', phase: 'betting', closesAtMs: 20_000 };

test('a player bets once per round while betting is open, and reads a page otherwise', () => {
  assert.equal(nextAction({ round: betting, lastBetRoundId: null, nowMs: 10_000 }), 'bet');
  const afterBet = nextAction({ round: betting, lastBetRoundId: 'r1', nowMs: 10_000 }, () => 0);
  assert.equal(afterBet, 'taskList');
  const racing = nextAction({ round: { ...betting, phase: 'racing' }, lastBetRoundId: null, nowMs: 10_000 });
  assert.ok(READ_ACTIONS.includes(racing));
  assert.ok(READ_ACTIONS.includes(nextAction({ round: null, lastBetRoundId: null, nowMs: 0 })));
});

test('no bet is sent in the last moments of betting, where it could meet the closed round', () => {
  const action = nextAction({ round: betting, lastBetRoundId: null, nowMs: 19_000 }, () => 0.99);
  assert.equal(action, 'walletHistory');
});

test('the reads are picked evenly', () => {
  const counts = Object.fromEntries(READ_ACTIONS.map((action) => [action, 0]));
  for (let i = 0; i < 400; i += 1) {
    counts[nextAction({ round: null, lastBetRoundId: null, nowMs: 0 }, () => i / 400)] += 1;
  }
  assert.deepEqual(Object.values(counts), [100, 100, 100, 100]);
});

test('think time stays within its jitter', () => {
  assert.equal(
    thinkTimeMs(3000, 1000, () => 0),
    2000,
  );
  assert.equal(
    thinkTimeMs(3000, 1000, () => 0.5),
    3000,
  );
  assert.ok(thinkTimeMs(3000, 1000, () => 0.999_999) < 4000);
});

test('the ramp doubles from the first step and ends at the cap', () => {
  assert.deepEqual(rampSteps(25, 400), [25, 50, 100, 200, 400]);
  assert.deepEqual(rampSteps(25, 300), [25, 50, 100, 200, 300]);
  assert.deepEqual(rampSteps(10, 10), [10]);
  assert.throws(() => rampSteps(50, 25), RangeError);
});

test('percentiles are nearest-rank', () => {
  const values = Array.from({ length: 100 }, (_, i) => 100 - i);
  assert.equal(percentile(values, 50), 50);
  assert.equal(percentile(values, 99), 99);
  assert.equal(percentile([7], 99), 7);
  assert.ok(Number.isNaN(percentile([], 50)));
});

test('a step is held with no error and p99 within the limit; the most held is the largest held step', () => {
  const step = (players, p99, errors = 0) => ({ players, calls: 10, p99, errors });
  assert.equal(isHeld(step(25, 200), 200), true);
  assert.equal(isHeld(step(25, 201), 200), false);
  assert.equal(isHeld(step(25, 10, 1), 200), false);
  assert.equal(isHeld({ ...step(25, 10), calls: 0 }, 200), false);
  assert.equal(mostPlayersHeld([step(25, 20), step(50, 90), step(100, 250), step(200, 150)], 200), 200);
  assert.equal(mostPlayersHeld([step(25, 20), step(50, 90), step(100, 250)], 200), 50);
  assert.equal(mostPlayersHeld([step(25, 300)], 200), 0);
});

test('the ramp goes on past a slow step and stops at errors or a p99 far over the limit', () => {
  const step = (p99, errors = 0) => ({ players: 25, calls: 10, p99, errors });
  assert.equal(isSaturated(step(400), 200), false);
  assert.equal(isSaturated(step(1001), 200), true);
  assert.equal(isSaturated(step(20, 1), 200), true);
  assert.equal(isSaturated(step(Number.NaN), 200), true);
});

test("a step's summary and the side-by-side table", () => {
  const summary = summariseStep({
    players: 25,
    seconds: 10,
    samples: [
      { action: 'bet', ms: 10 },
      { action: 'taskList', ms: 20 },
      { action: 'taskList', ms: 30 },
      { action: 'bet', ms: 40 },
    ],
    errors: 1,
    lagsMs: [5],
  });
  assert.deepEqual(summary, {
    players: 25,
    calls: 4,
    callsPerSecond: 0.4,
    p50: 20,
    p99: 40,
    errors: 1,
    lagP99: 5,
    byAction: { bet: { calls: 2, p99: 40 }, taskList: { calls: 2, p99: 30 } },
  });
  const lines = stepTable({ before: [summary], now: [summary, { ...summary, players: 50, p99: 250.4 }] });
  assert.equal(lines.length, 4);
  assert.match(lines[0], /players \| before p50 \| before p99 \| before errors \| now p50/);
  assert.match(lines[3], /^\| 50 +\| +\| +\| +\| 20 +\| 250 +\| 1 +\|$/);
});
