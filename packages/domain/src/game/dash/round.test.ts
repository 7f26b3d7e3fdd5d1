import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bet, playRound, run, simulatedRound } from '../../../test/dash-fixture';
import { advance, createDashRound, type DashEffect, type DashEvent, type DashRound } from './round';
import { DEFAULT_DASH_CONFIG } from './rules';
import type { DashBet } from './settle';
import { createDashTerms } from './terms';

const { terms, round: fresh, market } = simulatedRound();
const { timeline } = terms;
const [A, B, C, D, E] = terms.tracks as [string, string, string, string, string];
const DURING = timeline.opensAtMs + 5000;

function openRound(): DashRound {
  return advance(fresh, { type: 'tick' }, timeline.opensAtMs).state;
}

function place(state: DashRound, b: DashBet, now = DURING) {
  return advance(state, { type: 'bet.place', ...b }, now);
}

const startSnapshot = () => market.snapshotAt(terms.tracks, timeline.closesAtMs);
const endSnapshot = () => market.snapshotAt(terms.tracks, timeline.raceEndsAtMs);

function sumMoney(effects: readonly DashEffect[], type: DashEffect['type']): bigint {
  return effects.reduce(
    (sum, effect) => (effect.type === type && 'amount' in effect ? sum + effect.amount : sum),
    0n,
  );
}

describe("ARCHITECTURE.md (The coin race) Dash: 'a 30 s betting phase (picks can change), a 20 s race, 10 s of results'", () => {
  it('moves through the phases by the clock, the snapshots and the settlement', () => {
    expect(fresh.phase).toBe('upcoming');
    expect(advance(fresh, { type: 'tick' }, timeline.opensAtMs - 1).state.phase).toBe('upcoming');
    const betting = advance(fresh, { type: 'tick' }, timeline.opensAtMs);
    expect(betting.state.phase).toBe('betting');
    expect(betting.effects).toEqual([{ type: 'phase', phase: 'betting' }]);
    expect(timeline.closesAtMs - timeline.opensAtMs).toBe(30_000);
    expect(timeline.raceEndsAtMs - timeline.closesAtMs).toBe(20_000);
    expect(timeline.resultsEndAtMs - timeline.raceEndsAtMs).toBe(10_000);

    const { state, results } = run(betting.state, [
      [{ type: 'tick' }, timeline.closesAtMs - 1],
      [{ type: 'tick' }, timeline.closesAtMs],
      [{ type: 'snapshot', kind: 'start', snapshot: startSnapshot() }, timeline.closesAtMs + 10],
      [{ type: 'tick' }, timeline.raceEndsAtMs - 1],
      [{ type: 'snapshot', kind: 'end', snapshot: endSnapshot() }, timeline.raceEndsAtMs + 10],
      [{ type: 'settle', bets: [] }, timeline.raceEndsAtMs + 20],
      [{ type: 'tick' }, timeline.resultsEndAtMs],
    ]);
    expect(results.map((result) => result.state.phase)).toEqual([
      'betting',
      'racing',
      'racing',
      'racing',
      'settling',
      'results',
      'finished',
    ]);
    expect(state.settledAtMs).toBe(timeline.raceEndsAtMs + 20);
  });

  it('catches up on a late clock: a round first seen after betting closed is racing', () => {
    const late = advance(fresh, { type: 'tick' }, timeline.closesAtMs + 3000);
    expect(late.state.phase).toBe('racing');
    expect(late.effects).toEqual([{ type: 'phase', phase: 'racing' }]);
  });

  it('a round settled after its results time ends finished at once', () => {
    const { state } = playRound(simulatedRound(), []);
    const late = run(createDashRound(terms, simulatedRound().seed), [
      [{ type: 'tick' }, timeline.closesAtMs],
      [{ type: 'snapshot', kind: 'start', snapshot: startSnapshot() }, timeline.closesAtMs],
      [{ type: 'snapshot', kind: 'end', snapshot: endSnapshot() }, timeline.raceEndsAtMs],
      [{ type: 'settle', bets: [] }, timeline.resultsEndAtMs + 5],
    ]);
    expect(state.phase).toBe('results');
    expect(late.state.phase).toBe('finished');
  });
});

describe("ARCHITECTURE.md (The coin race) Dash: 'Minimum bet 200 OJO. Played with OJO or with points. Several tracks per player allowed.'", () => {
  it('takes the stake when the bet is placed and adds it to its currency pool', () => {
    const result = place(openRound(), bet('b1', 'p1', A, 250n));
    expect(result.refusal).toBeNull();
    expect(result.effects).toEqual([
      {
        type: 'stake.debit',
        key: `dash:${terms.roundId}:bet:b1:r0`,
        betId: 'b1',
        playerId: 'p1',
        currency: 'OJO',
        amount: 250n,
      },
    ]);
    expect(result.state.pools.OJO).toMatchObject({ bets: 1, stakes: '250' });
    expect(result.state.pools.OJO.byTrack[A]).toBe('250');
    expect(result.state.pools.POINT.stakes).toBe('0');
  });

  it('lets one player bet on several tracks and in both currencies, with separate pools', () => {
    const { state } = run(openRound(), [
      [{ type: 'bet.place', ...bet('b1', 'p1', A, 200n) }, DURING],
      [{ type: 'bet.place', ...bet('b2', 'p1', B, 300n) }, DURING],
      [{ type: 'bet.place', ...bet('b3', 'p1', A, 1000n, 'POINT') }, DURING],
    ]);
    expect(state.pools.OJO).toEqual({
      bets: 2,
      stakes: '500',
      byTrack: { [A]: '200', [B]: '300', [C]: '0', [D]: '0', [E]: '0' },
    });
    expect(state.pools.POINT.stakes).toBe('1000');
  });

  it('refuses with a clear reason: early, below the minimum, unknown track or currency, bad amount or ids', () => {
    const open = openRound();
    expect(place(fresh, bet('b', 'p', A, 500n), timeline.opensAtMs - 1).refusal?.code).toBe(
      'betting_not_open',
    );
    const low = place(open, bet('b', 'p', A, 199n));
    expect(low.refusal).toEqual({ code: 'below_minimum', message: 'The minimum bet is 200 OJO.' });
    expect(place(open, bet('b', 'p', A, 9n, 'POINT')).refusal?.message).toBe('The minimum bet is 10 points.');
    expect(place(open, bet('b', 'p', 'NOPE', 500n)).refusal?.code).toBe('unknown_track');
    expect(place(open, { ...bet('b', 'p', A, 500n), currency: 'ETH' as 'OJO' }).refusal?.code).toBe(
      'unknown_currency',
    );
    expect(place(open, bet('b', 'p', A, 0n)).refusal?.code).toBe('invalid_amount');
    expect(place(open, bet('b', 'p', A, -500n)).refusal?.code).toBe('invalid_amount');
    expect(place(open, bet('', 'p', A, 500n)).refusal?.code).toBe('invalid_bet');
    expect(place(open, bet('b', '', A, 500n)).refusal?.code).toBe('invalid_bet');
    // A refused bet changes nothing.
    expect(low.state).toBe(open);
    expect(low.effects).toEqual([]);
  });

  it('refuses a bet above a configured maximum', () => {
    const config = { ...DEFAULT_DASH_CONFIG, maxStake: { OJO: 1000n, POINT: null } };
    const capped = simulatedRound({ config }).round;
    const open = advance(capped, { type: 'tick' }, timeline.opensAtMs).state;
    expect(place(open, bet('b', 'p', A, 1001n)).refusal).toEqual({
      code: 'above_maximum',
      message: 'The maximum bet is 1000 OJO.',
    });
    expect(place(open, bet('b', 'p', A, 1000n)).refusal).toBeNull();
    expect(place(open, bet('b', 'p', A, 10n ** 30n, 'POINT')).refusal).toBeNull();
  });
});

describe("ARCHITECTURE.md (The coin race) Dash: '(picks can change)' until betting closes", () => {
  const placed = () => place(openRound(), bet('b1', 'p1', A, 500n)).state;
  const change = (to: { track: string; amount: bigint }, revision = 1, from = { track: A, amount: 500n }) =>
    ({ type: 'bet.change', betId: 'b1', playerId: 'p1', currency: 'OJO', revision, from, to }) as const;

  it('a raised stake takes the difference, a lowered one gives it back, a moved one moves its stake', () => {
    const raised = advance(placed(), change({ track: A, amount: 800n }), DURING);
    expect(raised.effects).toEqual([
      expect.objectContaining({ type: 'stake.debit', amount: 300n, key: `dash:${terms.roundId}:bet:b1:r1` }),
    ]);
    expect(raised.state.pools.OJO.byTrack[A]).toBe('800');
    const lowered = advance(placed(), change({ track: A, amount: 200n }, 2), DURING);
    expect(lowered.effects).toEqual([
      expect.objectContaining({ type: 'stake.refund', amount: 300n, key: `dash:${terms.roundId}:bet:b1:r2` }),
    ]);
    const moved = advance(placed(), change({ track: C, amount: 500n }), DURING);
    expect(moved.effects).toEqual([]);
    expect(moved.state.pools.OJO).toMatchObject({ bets: 1, stakes: '500' });
    expect(moved.state.pools.OJO.byTrack).toMatchObject({ [A]: '0', [C]: '500' });
  });

  it('a withdrawn pick is refunded in full', () => {
    const result = advance(
      placed(),
      {
        type: 'bet.withdraw',
        betId: 'b1',
        playerId: 'p1',
        currency: 'OJO',
        revision: 1,
        track: A,
        amount: 500n,
      },
      DURING,
    );
    expect(result.effects).toEqual([expect.objectContaining({ type: 'stake.refund', amount: 500n })]);
    expect(result.state.pools.OJO).toMatchObject({ bets: 0, stakes: '0' });
  });

  it('refuses a change the pools cannot hold, one below the minimum, or one without a revision', () => {
    expect(advance(placed(), change({ track: A, amount: 100n }), DURING).refusal?.code).toBe('below_minimum');
    expect(
      advance(placed(), change({ track: A, amount: 900n }, 1, { track: B, amount: 500n }), DURING).refusal
        ?.code,
    ).toBe('bet_mismatch');
    expect(
      advance(placed(), change({ track: A, amount: 900n }, 1, { track: A, amount: 501n }), DURING).refusal
        ?.code,
    ).toBe('bet_mismatch');
    expect(
      advance(placed(), change({ track: A, amount: 900n }, 1, { track: 'NOPE', amount: 5n }), DURING).refusal
        ?.code,
    ).toBe('bet_mismatch');
    expect(
      advance(placed(), change({ track: A, amount: 900n }, 1, { track: A, amount: 0n }), DURING).refusal
        ?.code,
    ).toBe('bet_mismatch');
    expect(advance(placed(), change({ track: A, amount: 900n }, 0), DURING).refusal?.code).toBe(
      'invalid_bet',
    );
    expect(advance(openRound(), change({ track: A, amount: 900n }), DURING).refusal?.code).toBe(
      'bet_mismatch',
    );
  });
});

describe('the state machine never lets a bet in after the betting phase', () => {
  it('refuses a bet, a change and a withdrawal at or after closesAtMs, even with no tick in between', () => {
    const open = place(openRound(), bet('b1', 'p1', A, 500n)).state;
    const at = timeline.closesAtMs;
    const late = place(open, bet('b2', 'p2', B, 500n), at);
    expect(late.refusal).toEqual({ code: 'betting_closed', message: 'Betting for this round has closed.' });
    expect(late.state.phase).toBe('racing');
    expect(late.state.pools).toEqual(open.pools);
    const change = advance(
      open,
      {
        type: 'bet.change',
        betId: 'b1',
        playerId: 'p1',
        currency: 'OJO',
        revision: 1,
        from: { track: A, amount: 500n },
        to: { track: B, amount: 500n },
      },
      at + 1,
    );
    expect(change.refusal?.code).toBe('betting_closed');
    const withdraw = advance(
      open,
      {
        type: 'bet.withdraw',
        betId: 'b1',
        playerId: 'p1',
        currency: 'OJO',
        revision: 1,
        track: A,
        amount: 500n,
      },
      at,
    );
    expect(withdraw.refusal?.code).toBe('betting_closed');
  });

  it('property: whatever the events and their times, every accepted bet event lies inside the betting phase', () => {
    const times = fc.integer({ min: timeline.opensAtMs - 5000, max: timeline.resultsEndAtMs + 20_000 });
    const events = fc.array(
      fc.tuple(
        fc.oneof(
          fc.record({
            kind: fc.constant('place' as const),
            track: fc.constantFrom(...terms.tracks),
            amount: fc.bigInt({ min: 200n, max: 5000n }),
          }),
          fc.constant({ kind: 'tick' as const }),
          fc.constant({ kind: 'start' as const }),
          fc.constant({ kind: 'end' as const }),
          fc.constant({ kind: 'stale' as const }),
        ),
        times,
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(events, (steps) => {
        let state = fresh;
        let closed = false;
        steps.forEach(([step, now], i) => {
          let event: DashEvent;
          if (step.kind === 'place')
            event = { type: 'bet.place', ...bet(`b${i}`, 'p', step.track, step.amount) };
          else if (step.kind === 'tick') event = { type: 'tick' };
          else if (step.kind === 'stale') event = { type: 'feed.stale' };
          else
            event = {
              type: 'snapshot',
              kind: step.kind,
              snapshot: step.kind === 'start' ? startSnapshot() : endSnapshot(),
            };
          const result = advance(state, event, now);
          if (event.type === 'bet.place' && result.refusal === null) {
            expect(now).toBeGreaterThanOrEqual(timeline.opensAtMs);
            expect(now).toBeLessThan(timeline.closesAtMs);
            expect(closed).toBe(false);
            expect(state.voided).toBeNull();
          }
          state = result.state;
          if (!['upcoming', 'betting'].includes(state.phase)) closed = true;
        });
      }),
    );
  });
});

describe('snapshots: the start when betting closes, the end when the race ends', () => {
  const racing = () =>
    advance(place(openRound(), bet('b1', 'p1', A, 500n)).state, { type: 'tick' }, timeline.closesAtMs).state;

  it('takes the start snapshot only while racing, once, and the end one only after the race and the start', () => {
    expect(
      advance(openRound(), { type: 'snapshot', kind: 'start', snapshot: startSnapshot() }, DURING).refusal
        ?.code,
    ).toBe('snapshot_unexpected');
    const started = advance(
      racing(),
      { type: 'snapshot', kind: 'start', snapshot: startSnapshot() },
      timeline.closesAtMs + 5,
    );
    expect(started.refusal).toBeNull();
    expect(started.state.startSnapshot).toEqual(startSnapshot());
    expect(
      advance(
        started.state,
        { type: 'snapshot', kind: 'start', snapshot: startSnapshot() },
        timeline.closesAtMs + 6,
      ).refusal?.code,
    ).toBe('snapshot_unexpected');
    expect(
      advance(racing(), { type: 'snapshot', kind: 'end', snapshot: endSnapshot() }, timeline.raceEndsAtMs)
        .refusal?.code,
    ).toBe('snapshot_unexpected');
    expect(
      advance(
        started.state,
        { type: 'snapshot', kind: 'end', snapshot: endSnapshot() },
        timeline.raceEndsAtMs - 1,
      ).refusal?.code,
    ).toBe('snapshot_unexpected');
    const ended = advance(
      started.state,
      { type: 'snapshot', kind: 'end', snapshot: endSnapshot() },
      timeline.raceEndsAtMs,
    );
    expect(ended.state.phase).toBe('settling');
  });

  it('refuses a snapshot at the wrong time, out of lane order, with a zero price or a trade id', () => {
    const good = startSnapshot();
    const cases = [
      { ...good, atMs: good.atMs + 250 },
      { ...good, quotes: [...good.quotes].reverse() },
      { ...good, quotes: good.quotes.slice(1) },
      { ...good, quotes: good.quotes.map((q, i) => (i === 2 ? { ...q, price: '0' } : q)) },
      {
        ...good,
        quotes: good.quotes.map((q, i) => (i === 1 ? { ...q, sourceTimeMs: q.sourceTimeMs - 250 } : q)),
      },
      { ...good, quotes: good.quotes.map((q, i) => (i === 0 ? { ...q, tradeId: 'x' } : q)) },
    ];
    for (const snapshot of cases) {
      const result = advance(
        racing(),
        { type: 'snapshot', kind: 'start', snapshot },
        timeline.closesAtMs + 5,
      );
      expect(result.refusal?.code).toBe('snapshot_invalid');
      expect(result.state.startSnapshot).toBeNull();
    }
  });

  it('with a real feed, takes the last trade up to the tolerance before the due time, with its trade id', () => {
    const external = createDashTerms({
      roundId: 'ext-1',
      tracks: terms.tracks,
      opensAtMs: timeline.opensAtMs + 10,
      config: DEFAULT_DASH_CONFIG,
      feed: { kind: 'external', source: 'exchange:spot' },
    });
    const round = advance(
      createDashRound(external, null),
      { type: 'tick' },
      external.timeline.closesAtMs,
    ).state;
    const due = external.timeline.closesAtMs;
    const quotes = (sourceTimeMs: number, tradeId: string | null) =>
      external.tracks.map((symbol) => ({ symbol, price: '1000', sourceTimeMs, tradeId }));
    const snap = (sourceTimeMs: number, tradeId: string | null) => ({
      type: 'snapshot' as const,
      kind: 'start' as const,
      snapshot: { atMs: due, quotes: quotes(sourceTimeMs, tradeId) },
    });
    expect(advance(round, snap(due - 2000, 't-1'), due + 50).refusal).toBeNull();
    expect(advance(round, snap(due - 2001, 't-1'), due + 50).refusal?.code).toBe('snapshot_invalid');
    expect(advance(round, snap(due + 1, 't-1'), due + 50).refusal?.code).toBe('snapshot_invalid');
    expect(advance(round, snap(due, null), due + 50).refusal?.message).toContain('trade id');
  });
});

describe('RULES.md "Stale price feed, cancelled round": the round is called off and every bet refunded in full', () => {
  const bets = [bet('b1', 'p1', A, 500n), bet('b2', 'p2', B, 700n), bet('b3', 'p1', C, 300n, 'POINT')];
  const withBets = () =>
    run(
      openRound(),
      bets.map((b) => [{ type: 'bet.place', ...b }, DURING] as [DashEvent, number]),
    ).state;

  it('a stale feed during betting voids the round: later bets are refused, settlement refunds exactly, no fee', () => {
    const stale = advance(withBets(), { type: 'feed.stale', detail: 'no price for 5 s' }, DURING + 1);
    expect(stale.state.phase).toBe('settling');
    expect(stale.state.voided).toEqual({
      reason: 'feed_stale',
      atMs: DURING + 1,
      detail: 'no price for 5 s',
    });
    expect(place(stale.state, bet('b4', 'p3', A, 500n), DURING + 2).refusal?.code).toBe('round_void');
    const settled = advance(stale.state, { type: 'settle', bets }, DURING + 3);
    expect(settled.state.outcome?.kind).toBe('void');
    const refunds = settled.effects.filter((effect) => effect.type === 'refund');
    expect(refunds.map((r) => ('amount' in r ? [r.betId, r.amount] : null))).toEqual([
      ['b1', 500n],
      ['b2', 700n],
      ['b3', 300n],
    ]);
    expect(settled.effects.some((effect) => effect.type === 'prize_pool' || effect.type === 'payout')).toBe(
      false,
    );
  });

  it('no start snapshot within the deadline voids the round on the next tick', () => {
    const deadline = timeline.closesAtMs + terms.snapshotDeadlineMs;
    const racing = advance(withBets(), { type: 'tick' }, deadline - 1).state;
    expect(racing.voided).toBeNull();
    const late = advance(racing, { type: 'tick' }, deadline);
    expect(late.state.voided?.reason).toBe('feed_stale');
    expect(late.effects).toEqual([{ type: 'phase', phase: 'settling' }]);
    // A snapshot arriving after that is refused: the round is already called off.
    expect(
      advance(late.state, { type: 'snapshot', kind: 'start', snapshot: startSnapshot() }, deadline + 1)
        .refusal?.code,
    ).toBe('snapshot_unexpected');
  });

  it('no end snapshot within the deadline voids it as well', () => {
    const started = run(withBets(), [
      [{ type: 'snapshot', kind: 'start', snapshot: startSnapshot() }, timeline.closesAtMs + 1],
    ]).state;
    const late = advance(started, { type: 'tick' }, timeline.raceEndsAtMs + terms.snapshotDeadlineMs);
    expect(late.state.voided?.detail).toBe('no end snapshot by the deadline');
  });

  it('a stale feed after the end snapshot changes nothing: the race is decided', () => {
    const ended = run(withBets(), [
      [{ type: 'snapshot', kind: 'start', snapshot: startSnapshot() }, timeline.closesAtMs + 1],
      [{ type: 'snapshot', kind: 'end', snapshot: endSnapshot() }, timeline.raceEndsAtMs + 1],
    ]).state;
    const stale = advance(ended, { type: 'feed.stale' }, timeline.raceEndsAtMs + 2);
    expect(stale.refusal).toBeNull();
    expect(stale.state).toEqual(ended);
  });

  it('property: a cancelled round refunds every bet exactly and passes the carried pool on', () => {
    const carried = simulatedRound({ carryIn: { OJO: 1234n, POINT: 0n } });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            track: fc.constantFrom(...terms.tracks),
            amount: fc.bigInt({ min: 200n, max: 10n ** 24n }),
            points: fc.boolean(),
          }),
          {
            maxLength: 40,
          },
        ),
        // Up to the start-snapshot deadline: after it the clock has already called the round off as stale.
        fc.integer({
          min: timeline.opensAtMs - 1000,
          max: timeline.closesAtMs + terms.snapshotDeadlineMs - 2,
        }),
        (picks, cancelAt) => {
          const bets = picks.map((p, i) =>
            bet(`b${i}`, `p${i % 7}`, p.track, p.amount, p.points ? 'POINT' : 'OJO'),
          );
          let state = advance(carried.round, { type: 'tick' }, timeline.opensAtMs).state;
          for (const b of bets) state = place(state, b).state;
          const cancelled = advance(
            state,
            { type: 'cancel', detail: 'operator' },
            Math.max(cancelAt, DURING),
          );
          const settled = advance(cancelled.state, { type: 'settle', bets }, Math.max(cancelAt, DURING) + 1);
          expect(settled.refusal).toBeNull();
          const refunds = settled.effects.filter((e) => e.type === 'refund');
          expect(
            refunds.map((r) => ('betId' in r ? [r.betId, r.playerId, r.currency, r.amount] : [])),
          ).toEqual(bets.map((b) => [b.betId, b.playerId, b.currency, b.amount]));
          expect(new Set(refunds.map((r) => r.key)).size).toBe(bets.length);
          expect(settled.effects.filter((e) => e.type === 'carry')).toEqual([
            { type: 'carry', key: `dash:${terms.roundId}:carry:OJO`, currency: 'OJO', amount: 1234n },
          ]);
          expect(settled.state.outcome).toMatchObject({ kind: 'void', reason: 'cancelled' });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('cancel is refused once settled; a second cancel keeps the first reason', () => {
    const { state } = playRound(simulatedRound(), []);
    expect(advance(state, { type: 'cancel' }, timeline.resultsEndAtMs).refusal?.code).toBe('already_settled');
    const stale = advance(withBets(), { type: 'feed.stale' }, DURING).state;
    expect(advance(stale, { type: 'cancel' }, DURING).state.voided?.reason).toBe('feed_stale');
  });
});

describe('settle: once, from bets that match the pools', () => {
  const bets = [
    bet('b1', 'p1', A, 500n),
    bet('b2', 'p2', B, 700n),
    bet('b3', 'p3', C, 900n),
    bet('b4', 'p1', D, 300n, 'POINT'),
  ];
  const ended = () =>
    run(openRound(), [
      ...bets.map((b) => [{ type: 'bet.place', ...b }, DURING] as [DashEvent, number]),
      [{ type: 'snapshot', kind: 'start', snapshot: startSnapshot() }, timeline.closesAtMs + 1],
      [{ type: 'snapshot', kind: 'end', snapshot: endSnapshot() }, timeline.raceEndsAtMs + 1],
    ]).state;

  it('refuses to settle before the race ends', () => {
    const racing = advance(openRound(), { type: 'tick' }, timeline.closesAtMs).state;
    expect(advance(racing, { type: 'settle', bets: [] }, timeline.closesAtMs + 1).refusal?.code).toBe(
      'race_not_finished',
    );
  });

  it('refuses bets that do not add up to the pools: one missing, one extra, one changed, one repeated', () => {
    const state = ended();
    const wrong: DashBet[][] = [
      bets.slice(1),
      [...bets, bet('b5', 'p5', A, 200n)],
      bets.map((b) => (b.betId === 'b2' ? { ...b, amount: 701n } : b)),
      bets.map((b) => (b.betId === 'b3' ? { ...b, track: E } : b)),
      [...bets.slice(0, 3), { ...bets[0]!, currency: 'POINT' }],
      [...bets, { ...bets[3]!, betId: 'b1', amount: 0n }],
      bets.map((b) => (b.betId === 'b1' ? { ...b, track: 'NOPE' } : b)),
    ];
    for (const given of wrong) {
      const result = advance(state, { type: 'settle', bets: given }, timeline.raceEndsAtMs + 2);
      expect(result.refusal?.code).toBe('bets_mismatch');
      expect(result.effects).toEqual([]);
    }
  });

  it('pays once: a second settle is refused and every ledger key is unique', () => {
    const first = advance(ended(), { type: 'settle', bets }, timeline.raceEndsAtMs + 2);
    expect(first.refusal).toBeNull();
    const keys = first.effects.flatMap((effect) => ('key' in effect ? [effect.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
    const again = advance(first.state, { type: 'settle', bets }, timeline.raceEndsAtMs + 3);
    expect(again.refusal?.code).toBe('already_settled');
    expect(again.effects).toEqual([]);
  });

  it('pays out, with fee, remainder and carry, exactly what the pools hold', () => {
    const result = advance(ended(), { type: 'settle', bets }, timeline.raceEndsAtMs + 2);
    const outcome = result.state.outcome!;
    expect(outcome.kind).toBe('settled');
    for (const currency of ['OJO', 'POINT'] as const) {
      const of = (type: DashEffect['type']) =>
        result.effects.reduce(
          (sum, e) =>
            e.type === type && 'currency' in e && e.currency === currency && 'amount' in e
              ? sum + e.amount
              : sum,
          0n,
        );
      const staked = bets.filter((b) => b.currency === currency).reduce((sum, b) => sum + b.amount, 0n);
      expect(of('payout') + of('prize_pool') + of('carry')).toBe(staked);
    }
    expect(sumMoney(result.effects, 'payout')).toBeGreaterThanOrEqual(0n);
  });
});

describe('createDashRound', () => {
  it('refuses terms that are not a valid round and a seed that does not fit the feed', () => {
    expect(() => createDashRound({ ...terms, tracks: terms.tracks.slice(1) }, simulatedRound().seed)).toThrow(
      RangeError,
    );
    expect(() => createDashRound(terms, null)).toThrow('seed');
  });
});
