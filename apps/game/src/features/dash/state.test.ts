import { describe, expect, it } from 'vitest';
import { type DashRoundView, type DashState, dashReducer, INITIAL_DASH_STATE } from './state';

const round = (roundId: string, phase: DashRoundView['phase'], outcome = false): DashRoundView =>
  ({
    terms: {
      roundId,
      tracks: ['AAA', 'BBB'],
      timeline: { opensAtMs: 0, closesAtMs: 1, raceEndsAtMs: 2, resultsEndAtMs: 3 },
    },
    commitment: 'a'.repeat(64),
    phase,
    pools: { OJO: { bets: 0, stakes: '0', byTrack: {} }, POINT: { bets: 0, stakes: '0', byTrack: {} } },
    startSnapshot: null,
    endSnapshot: null,
    voided: null,
    outcome: outcome ? { kind: 'settled', winners: ['AAA'], tracks: [], currencies: {} } : null,
    settledAtMs: null,
  }) as unknown as DashRoundView;

const apply = (state: DashState, view: DashRoundView) =>
  dashReducer(state, { type: 'round', serverTimeMs: 0, round: view }, 0);

describe('the rounds on screen', () => {
  it('keeps the running round when the next one is announced, then moves on when it opens', () => {
    let state = apply(INITIAL_DASH_STATE, round('r1', 'racing'));
    state = dashReducer(
      state,
      {
        type: 'bet',
        bet: {
          betId: 'b1',
          roundId: 'r1',
          currency: 'OJO',
          track: 'AAA',
          amount: '200',
          revision: 0,
          placedAtMs: 0,
          status: 'active',
          returned: null,
        },
      },
      0,
    );
    state = apply(state, round('r2', 'upcoming'));
    expect(state.round?.terms.roundId).toBe('r1');
    expect(state.next?.terms.roundId).toBe('r2');
    state = apply(state, round('r1', 'results', true));
    expect(state.round?.outcome?.kind).toBe('settled');
    expect(Object.keys(state.myBets)).toEqual(['b1']);
    state = apply(state, round('r2', 'betting'));
    expect(state.round?.terms.roundId).toBe('r2');
    expect(state.next).toBeNull();
    expect(state.previous?.round.terms.roundId).toBe('r1');
    expect(Object.keys(state.previous?.myBets ?? {})).toEqual(['b1']);
    expect(state.history.map((entry) => entry.roundId)).toEqual(['r1']);
    // A late message of r1 changes r1's result only.
    state = apply(state, round('r1', 'finished', true));
    expect(state.round?.terms.roundId).toBe('r2');
    expect(state.previous?.round.phase).toBe('finished');
  });
});
